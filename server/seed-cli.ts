/** `npm run seed [-- --reset]`: seed the demo store into an empty database, or rebuild it with --reset. */
import { openStore } from './db/database.js';
import { clearStore, seedDemoStore } from './db/seed.js';

const store = openStore();
if (process.argv.includes('--reset')) clearStore(store);
process.stdout.write(seedDemoStore(store) ? 'seeded the demo store\n' : 'the store already has data (use --reset to rebuild it)\n');
store.$client.close();
