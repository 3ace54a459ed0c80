/**
 * Lets Node import app modules that use Vite-only imports ("…?url" asset URLs): such an
 * import resolves to an empty string. Used to run the real outbox code in Node.
 */
import { register } from 'node:module';

const hooks = `
export async function resolve(specifier, context, next) {
  if (specifier.endsWith('?url')) return { url: 'data:text/javascript,export default ""', shortCircuit: true };
  return next(specifier, context);
}`;

let registered = false;
export function allowViteImports(): void {
  if (registered) return;
  register(`data:text/javascript,${encodeURIComponent(hooks)}`);
  registered = true;
}
