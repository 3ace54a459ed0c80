/**
 * A start-up failure the user can fix. Its message is one sentence that names the fix;
 * the CLI prints it alone, without a stack trace.
 */
export class StackError extends Error {
  override name = 'StackError';
}
