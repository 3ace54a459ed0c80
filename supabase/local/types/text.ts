/** Small pieces of the generated text that every section writes the same way. */

export const quote = (name: string) => JSON.stringify(name);

/** An object type with one member a line: Prettier keeps it so, and a changed column is a one-line diff. */
export const block = (members: string[]) => `{\n${members.join('\n')}\n}`;

export const nullable = (tsType: string, isNullable: boolean) =>
  isNullable && tsType !== 'unknown' ? `${tsType} | null` : tsType;

/** The generated file lists columns, parameters, relations and types by name, as postgres-meta does. */
export const byName = <T extends { name: string }>(a: T, b: T) => a.name.localeCompare(b.name);
