import type { AnswersVersion } from '../answers-version';

/**
 * What the gateway forwards to. startGateway() listens before the backend is up (a busy port is
 * reported before anything else starts) and is given it with attach(); until then every request
 * is answered 503, and from then on each request carries it (`request.backend`, plugins/limits.ts).
 */
export interface GatewayBackend {
  postgrestUrl: string;
  /** The storage service (supabase/local/storage/service.ts), reached with the /storage/v1 prefix removed. */
  storageUrl: string;
  anonKey: string;
  /** Only a caller holding it may read PostgREST's OpenAPI description (GET /rest/v1/), as when hosted. */
  serviceRoleKey?: string;
  /** The version of what kept answers were read from; without it no answer is kept (plugins/answer-cache.ts). */
  answersVersion?: AnswersVersion;
}
