/** The helpers the app's database types are written with (database.types.ts). */
import type { Database as GeneratedDatabase } from './database.generated';

export type Uuid = string;
export type Generated = GeneratedDatabase['public'];
export type GeneratedFunctions = Generated['Functions'];

/** T with some members retyped (each keeps its `?`); naming a member T does not have is an error. */
export type Retype<
  T,
  Changes extends { [K in keyof Changes]: K extends keyof T ? unknown : never },
> = {
  [K in keyof T]: K extends keyof Changes ? Changes[K] : T[K];
};

/** T with some members that can also be null. */
export type OrNull<T, K extends keyof T> = { [P in keyof T]: P extends K ? T[P] | null : T[P] };

export type GeneratedArgs<Name extends keyof GeneratedFunctions> = GeneratedFunctions[Name]['Args'];
/** One row of a `returns table` / `returns setof` function, as generated. */
export type GeneratedRow<Name extends keyof GeneratedFunctions> =
  GeneratedFunctions[Name]['Returns'] extends (infer Row)[] ? Row : never;

/** The signed-in admin's name and session token, which every admin RPC checks. */
export type AuthPair = {
  p_username: string;
  p_token: string;
};
/** An admin RPC's parameters: the database defaults the session to null only to refuse the call, so it is required. */
export type AdminArgs<Args> = Omit<Args, keyof AuthPair> & AuthPair;

/** The passcode and device of a client link's RPCs: null when there is none (no passcode, device unknown). */
export type ClientLinkArgs<Name extends keyof GeneratedFunctions> = OrNull<
  GeneratedArgs<Name>,
  Extract<'p_passcode' | 'p_device', keyof GeneratedArgs<Name>>
>;
