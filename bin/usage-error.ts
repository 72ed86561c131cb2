/** A mistake in how the command was called (or a file it was given): one line on stderr and exit 2, no stack. */
export class UsageError extends Error {}
