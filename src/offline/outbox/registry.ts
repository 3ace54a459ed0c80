import type { AdminData } from '@/lib/admin-data';
import type { ChangeRequest, QueuedChange } from './queued-change';
import { albumKinds } from './kinds/albums';
import type { ChangeContext, ChangeDefinition, RowEffects } from './kinds/define';
import { fileKinds } from './kinds/files';
import { galleryKinds } from './kinds/galleries';
import { linkKinds } from './kinds/links';
import { photoKinds } from './kinds/photos';
import { sectionKinds } from './kinds/sections';
import { serviceKinds } from './kinds/services';
import { settingsKinds } from './kinds/settings';
import { testimonialKinds } from './kinds/testimonials';

export type { ChangeContext } from './kinds/define';

/**
 * Every kind of admin change, composed from one file per area (`kinds/`, docs/offline.md),
 * and the machinery that reads the table: the outbox item is a discriminated union derived
 * from it, so a misspelt kind or a wrong payload does not compile.
 */
export const registry = {
  ...albumKinds,
  ...photoKinds,
  ...galleryKinds,
  ...linkKinds,
  ...fileKinds,
  ...settingsKinds,
  ...sectionKinds,
  ...serviceKinds,
  ...testimonialKinds,
};

type Registry = typeof registry;
export type ChangeKind = keyof Registry;
type DefinitionOf<K extends ChangeKind> = Registry[K];
export type PayloadOf<K extends ChangeKind> =
  DefinitionOf<K> extends ChangeDefinition<never, infer Payload> ? Payload : never;
export type InputOf<K extends ChangeKind> = Parameters<DefinitionOf<K>['build']>[0];

/** The registry seen per kind, so a kind's definition and its payload's type go together. */
type Definitions = { [K in ChangeKind]: ChangeDefinition<InputOf<K>, PayloadOf<K>> };
const definitions: Definitions = registry;
/** The same definitions for code that holds an item of any kind: the item's kind picks its own definition, so its payload fits. */
const erased: Record<ChangeKind, ChangeDefinition<never, unknown>> = registry;

/** A queued change of kind K. */
export type OutboxItemOf<K extends ChangeKind> = K extends ChangeKind
  ? Omit<QueuedChange, 'kind' | 'payload'> & { kind: K; payload: PayloadOf<K> }
  : never;
/** A queued change of any kind: the union the outbox stores and every screen reads. */
export type OutboxItem = OutboxItemOf<ChangeKind>;
/** A change a screen asks for, before the queue gives it its id and state. */
export type NewChange = ChangeRequest<OutboxItem>;
export type NewChangeOf<K extends ChangeKind> = ChangeRequest<OutboxItemOf<K>>;

/** Builds a change of kind K from a screen's input. */
export function newChange<K extends ChangeKind>(kind: K, input: InputOf<K>): NewChangeOf<K> {
  const definition: ChangeDefinition<InputOf<K>, PayloadOf<K>> = definitions[kind];
  const built = definition.build(input);
  // One kind's fields: TypeScript cannot follow K through the distributive union by itself.
  return { ...built, kind, version: definition.version } as unknown as NewChangeOf<K>;
}

/** Sends a queued change (the sync engine's sender). */
export function sendChange(item: OutboxItem, context: ChangeContext): Promise<void> {
  return erased[item.kind].send(item.payload, context);
}

/** Frees what a discarded change kept on this device. */
export async function undoChange(item: OutboxItem, context: ChangeContext): Promise<void> {
  await erased[item.kind].undo?.(item.payload, context);
}

/** The IndexedDB blobs a queued change still needs. */
export function blobKeysOf(item: OutboxItem): string[] {
  return erased[item.kind].blobKeys?.(item.payload) ?? [];
}

/** The admin data a sent change alters. */
export function dataAffectedBy(item: OutboxItem): readonly AdminData[] {
  return erased[item.kind].affects;
}

/** A queued change's effects on the cached rows screens show (overlay.ts applies them). */
export function rowEffectsOf(item: OutboxItem): RowEffects<unknown> | undefined {
  return erased[item.kind].apply;
}

/** The entities a queued change touches ('album:<id>', 'photo:<id>', 'profile'). */
export function touchesOf(item: OutboxItem): string[] {
  return erased[item.kind].touches(item.payload);
}

/**
 * True when the change touches one of these: an entity ('album:<id>', 'profile'), or every
 * entity of a type ('album', any collection).
 */
export function touchesAny(item: OutboxItem, entities: readonly string[]): boolean {
  return touchesOf(item).some((touched) =>
    entities.some((entity) => touched === entity || touched.startsWith(`${entity}:`)),
  );
}

/** True for a change of one of these kinds, narrowing it. */
export function isChangeOf<K extends ChangeKind>(
  item: OutboxItem,
  ...kinds: K[]
): item is OutboxItemOf<K> {
  return (kinds as readonly ChangeKind[]).includes(item.kind);
}

/** The payloads of the queued changes of kind K, in queue order. */
export function payloadsOf<K extends ChangeKind>(
  items: readonly OutboxItem[],
  kind: K,
): Array<PayloadOf<K>> {
  return items
    .filter((item): item is OutboxItemOf<K> => isChangeOf(item, kind))
    .map((item) => item.payload as PayloadOf<K>);
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/**
 * A queued change as stored in IndexedDB, read into the current shape: payloads of an older
 * version through their kind's `read`, and the failure of items stored before failures had
 * kinds (`error: string`). Null for a kind or a payload version this version does not know
 * (written by a newer version of the app): the row stays where it is, for that version to send.
 */
export function readStoredItem(stored: unknown): OutboxItem | null {
  if (
    !isObject(stored) ||
    typeof stored.kind !== 'string' ||
    !Object.hasOwn(definitions, stored.kind)
  )
    return null;
  const kind = stored.kind as ChangeKind;
  const definition = erased[kind];
  const version = typeof stored.version === 'number' ? stored.version : 1;
  // A payload shape newer than this version knows: also left for the version that wrote it.
  if (version > definition.version) return null;
  const payload =
    version < definition.version && definition.read
      ? definition.read(stored.payload, version)
      : stored.payload;
  const { error: legacyError, ...rest } = stored;
  const failure =
    rest.failure ??
    (typeof legacyError === 'string'
      ? {
          // Before failures had kinds, only the sentence said an ended session.
          kind:
            legacyError === 'Not authenticated'
              ? 'auth'
              : stored.status === 'failed'
                ? 'refused'
                : 'network',
          status: 0,
          message: legacyError,
        }
      : undefined);
  return { ...rest, kind, version: definition.version, payload, failure } as OutboxItem;
}
