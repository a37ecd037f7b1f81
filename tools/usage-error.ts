/**
 * A command line a tool refuses. Its message says what to change, for the person who typed it: the
 * tool prints it with its usage and exits with status 2. Thrown by the tools' option parsers, which
 * the tests call directly.
 */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}
