#!/usr/bin/env node
/** `npm run docs:api`: writes the generated route reference of docs/http-api.md (bin/docs/http-api.ts). */
import { HTTP_API_FILE, writeHttpApiDoc } from './http-api.js';

const changed = await writeHttpApiDoc();
process.stdout.write(`${HTTP_API_FILE} ${changed ? 'written' : 'already up to date'}\n`);
