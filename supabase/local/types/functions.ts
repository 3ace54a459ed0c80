/**
 * The `Functions` section: which functions PostgREST can call, their Args and Returns, and the
 * overloads it cannot choose between.
 */
import type { Catalog } from './catalog';
import type { DbFunction, FunctionArg } from './introspect';
import { columnMember, isRowType, tsTypeOfId } from './pg-types';
import { block, quote } from './text';

/** A function with its input parameters (IN, INOUT, VARIADIC), the ones Args lists. */
export interface CallableFunction {
  fn: DbFunction;
  inArgs: FunctionArg[];
}

// PostgREST calls a function with one unnamed parameter only when it is json, jsonb or text.
const UNNAMED_PARAMETER_TYPES = new Set([114, 3802, 25]);
const INPUT_MODES = new Set<FunctionArg['mode']>(['in', 'inout', 'variadic']);

/** A function PostgREST can call: named parameters, or one unnamed json/jsonb/text (or table row) one. */
function isCallable(catalog: Catalog, inArgs: FunctionArg[]): boolean {
  if (
    inArgs.every(
      (arg) => arg.name !== '' || (arg.has_default && UNNAMED_PARAMETER_TYPES.has(arg.type_id)),
    )
  )
    return true;
  const [only] = inArgs;
  return (
    inArgs.length === 1 &&
    only !== undefined &&
    (UNNAMED_PARAMETER_TYPES.has(only.type_id) || isRowType(catalog, only.type_id))
  );
}

/** The functions of `schema` PostgREST can call, by name. */
export function callableFunctions(catalog: Catalog, schema: string): CallableFunction[] {
  return catalog.functions
    .filter((fn) => fn.schema === schema)
    .map((fn) => ({ fn, inArgs: fn.args.filter((arg) => INPUT_MODES.has(arg.mode)) }))
    .filter(({ inArgs }) => isCallable(catalog, inArgs))
    .sort((a, b) => a.fn.name.localeCompare(b.fn.name));
}

/** The table or view a function returns rows of (or the composite type's name), if any. */
function returnedRelationName(catalog: Catalog, fn: DbFunction): string | null {
  if (fn.returnTypeRelationId === null) return null;
  const relation = catalog.relations.find((candidate) => candidate.id === fn.returnTypeRelationId);
  if (relation) return relation.name;
  const type = catalog.typesById.get(fn.returnTypeId);
  return type && type.relationId !== null ? type.name : null;
}

/** What one call returns, before the set and SetofOptions are applied. */
export function returnShape(catalog: Catalog, schema: string, fn: DbFunction): string {
  const tableColumns = fn.args.filter((arg) => arg.mode === 'table');
  if (tableColumns.length > 0) {
    return block(
      tableColumns.map((arg) => `${quote(arg.name)}: ${tsTypeOfId(catalog, schema, arg.type_id)}`),
    );
  }
  const relation = catalog.relations.find(
    (candidate) => candidate.schema === schema && candidate.id === fn.returnTypeRelationId,
  );
  if (relation) {
    const columns = catalog.columnsByRelation.get(relation.id) ?? [];
    return block(
      columns.map((column) =>
        columnMember(catalog, schema, column, { optional: false, nullable: column.isNullable }),
      ),
    );
  }
  return tsTypeOfId(catalog, schema, fn.returnTypeId);
}

/** Returns with the array of a set and the SetofOptions postgrest-js reads for embedding. */
function returnsMember(catalog: Catalog, fn: DbFunction, shape: string): string {
  const relationName = returnedRelationName(catalog, fn);
  // `rows` is null unless the function returns a set, so a single row is always one-to-one.
  const manyRows = fn.rows !== null && fn.rows > 1;
  let setof = '';
  if (relationName) {
    // A computed relationship (a function of one table's row) is selected from that table.
    const rowArgument =
      fn.args.length === 1 ? catalog.typesById.get(fn.args[0]!.type_id) : undefined;
    const from = rowArgument && rowArgument.relationId !== null ? quote(rowArgument.format) : `'*'`;
    setof = `; SetofOptions: { from: ${from}; to: ${quote(relationName)}; isOneToOne: ${!manyRows}; isSetofReturn: ${fn.returnsSet} }`;
  }
  // A ROWS 1 estimate makes one row only where SetofOptions tells postgrest-js so.
  const oneRow = !manyRows && relationName !== null;
  return `Returns: ${shape}${fn.returnsSet && !oneRow ? '[]' : ''}${setof}`;
}

const unresolvable = (candidates: string) =>
  `Could not choose the best candidate function between: ${candidates}. Try renaming the parameters or the function itself in the database so function overloading can be resolved`;

/** Why PostgREST cannot choose this overload, if it cannot. */
function overloadConflict(
  catalog: Catalog,
  schema: string,
  group: CallableFunction[],
  fn: DbFunction,
  inArgs: FunctionArg[],
): string | null {
  if (group.length <= 1) return null;
  const typeName = (id: number) => catalog.typesById.get(id)?.name ?? 'unknown';
  if (inArgs.length === 0) {
    const other = group.find(
      ({ fn: o, inArgs: a }) =>
        o !== fn && a.length === 1 && a[0]!.name === '' && a[0]!.has_default,
    );
    if (other)
      return unresolvable(
        `${schema}.${fn.name}(), ${schema}.${fn.name}( => ${typeName(other.fn.returnTypeId)})`,
      );
  }
  const [only] = inArgs;
  if (inArgs.length === 1 && only && only.name !== '') {
    const others = group.filter(
      ({ fn: o, inArgs: a }) =>
        o !== fn && a.length === 1 && a[0]!.name === only.name && a[0]!.type_id !== only.type_id,
    );
    if (others.length > 0) {
      const list = [{ fn, inArgs }, ...others]
        .sort((a, b) => (a.inArgs[0]?.type_id ?? 0) - (b.inArgs[0]?.type_id ?? 0))
        .map(
          ({ inArgs: args }) =>
            `${schema}.${fn.name}(${args.map((arg) => `${arg.name} => ${typeName(arg.type_id)}`).join(', ')})`,
        )
        .join(', ');
      return unresolvable(list);
    }
  }
  return null;
}

/** The overloads of one name, a union of their signatures. */
function functionSignatures(catalog: Catalog, schema: string, group: CallableFunction[]): string {
  return group
    .map(({ fn, inArgs }) => {
      const args =
        inArgs.length === 0
          ? 'never'
          : block(
              inArgs.map(
                (arg) =>
                  `${quote(arg.name)}${arg.has_default ? '?' : ''}: ${tsTypeOfId(catalog, schema, arg.type_id)}`,
              ),
            );
      const conflict = overloadConflict(catalog, schema, group, fn, inArgs);
      const [only] = inArgs;
      // One unnamed row parameter, no rows returned: a computed field to PostgREST, not an RPC.
      const rowError =
        inArgs.length === 1 &&
        only?.name === '' &&
        isRowType(catalog, only.type_id) &&
        !returnedRelationName(catalog, fn);
      let shape = returnShape(catalog, schema, fn);
      if (conflict) shape = `{ error: true } & ${quote(conflict)}`;
      else if (rowError) {
        shape = `{ error: true } & ${quote(`the function ${schema}.${fn.name} with parameter or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache`)}`;
      }
      return block([`Args: ${args}`, returnsMember(catalog, fn, shape)]);
    })
    .join(' | ');
}

/** The members of a schema's `Functions`, one a name. */
export function functionMembers(
  catalog: Catalog,
  schema: string,
  functions: CallableFunction[],
): string[] {
  const groups = new Map<string, CallableFunction[]>();
  for (const entry of functions)
    groups.set(entry.fn.name, [...(groups.get(entry.fn.name) ?? []), entry]);
  return [...groups].map(([name, group]) => {
    group.sort(
      (a, b) =>
        a.fn.argumentTypes.localeCompare(b.fn.argumentTypes) ||
        a.fn.returnType.localeCompare(b.fn.returnType),
    );
    return `${quote(name)}: ${functionSignatures(catalog, schema, group)}`;
  });
}
