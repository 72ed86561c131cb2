/** Text searched with SQL LIKE, case-insensitively: `%` and `_` in it matched as themselves (escape character `\`). */
export const likePattern = (text: string): string => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
