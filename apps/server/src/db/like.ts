/** Text made literal inside a LIKE or ILIKE pattern (the default escape, backslash). */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
