/**
 * Joins class names, skipping false and empty ones. No conflict resolution: a primitive
 * whose look callers override defines it as a component class (src/ui/components.css), and
 * a utility given as className wins over those by cascade layer.
 */
export { clsx as cn } from 'clsx';
