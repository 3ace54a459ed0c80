/** Everything the generated file is written from, read from the database in one go. */
import {
  type Column,
  type DbFunction,
  type PgType,
  type Queryable,
  type Relation,
  readColumns,
  readFunctions,
  readRelations,
  readSchemas,
  readTypes,
} from './introspect';
import {
  type Relationship,
  readForeignKeys,
  readViewKeyDependencies,
  relationshipsOf,
} from './relationships';
import { byName } from './text';

export interface Catalog {
  schemas: string[];
  relations: Relation[];
  columnsByRelation: Map<number, Column[]>;
  types: PgType[];
  typesById: Map<number, PgType>;
  functions: DbFunction[];
  relationships: Relationship[];
}

/** The catalog of those of `wantedSchemas` that exist. */
export async function readCatalog(
  db: Queryable,
  wantedSchemas: readonly string[],
): Promise<Catalog> {
  const schemas = await readSchemas(db, wantedSchemas);
  const relations = await readRelations(db, schemas);
  const columns = await readColumns(db, schemas);
  const types = await readTypes(db);
  const functions = await readFunctions(db, schemas);
  const foreignKeys = await readForeignKeys(db, schemas);
  const viewKeys = await readViewKeyDependencies(
    db,
    schemas,
    relations.filter((relation) => relation.kind === 'view'),
    foreignKeys,
  );

  const columnsByRelation = new Map<number, Column[]>(
    relations.map((relation) => [relation.id, []]),
  );
  for (const column of columns) columnsByRelation.get(column.tableId)?.push(column);
  for (const list of columnsByRelation.values()) list.sort(byName);
  // Parameters and `returns table` columns are listed by name too, whatever their order in the signature.
  for (const fn of functions) fn.args.sort(byName);

  return {
    schemas,
    relations,
    columnsByRelation,
    types,
    typesById: new Map(types.map((type) => [type.id, type])),
    functions,
    relationships: relationshipsOf(foreignKeys, viewKeys),
  };
}

/** The enum types of `schema`, by name. */
export const enumsOf = (catalog: Catalog, schema: string) =>
  catalog.types.filter((type) => type.schema === schema && type.enums.length > 0).sort(byName);
