/**
 * The operation each request tells the database it is, in the transaction-local setting
 * storage.operation that policies read through storage.operation() / allow_only_operation().
 * Hosted's names (supabase/storage src/http/routes/operations.ts), so one policy decides the
 * same on both stacks: bucket originals lets a download grant or a visitor get an object but
 * never sign one (docs/SECURITY.md, class 6).
 */
export const OPERATIONS = {
  listBuckets: 'storage.bucket.list',
  getBucket: 'storage.bucket.get',
  createBucket: 'storage.bucket.create',
  updateBucket: 'storage.bucket.update',
  deleteBucket: 'storage.bucket.delete',
  emptyBucket: 'storage.bucket.empty',
  upload: 'storage.object.upload',
  copy: 'storage.object.copy',
  move: 'storage.object.move',
  list: 'storage.object.list',
  deleteOne: 'storage.object.delete',
  deleteMany: 'storage.object.delete_many',
  info: 'object.get_authenticated_info',
  getPublic: 'storage.object.get_public',
  getAuthenticated: 'storage.object.get_authenticated',
  sign: 'storage.object.sign',
  signMany: 'storage.object.sign_many',
} as const;

export type StorageOperation = (typeof OPERATIONS)[keyof typeof OPERATIONS];
