-- What hosted Storage gives policies to know which request they decide on: storage.operation()
-- (tenant migration 0024) and its helpers allow_only_operation / allow_any_operation (0058),
-- read from the transaction-local setting storage.operation that every request sets
-- (supabase/local/storage/caller.ts). Names compare with or without the 'storage.' prefix, as
-- hosted's do. Applied at every start, so an older data directory gets them too (hosted runs
-- its tenant migrations on every project). Written from their documented behaviour; see
-- docs/deploy.md, 1.7.

create or replace function storage.operation() returns text
  language sql stable
  as $$ select current_setting('storage.operation', true) $$;

create or replace function storage.allow_any_operation(expected_operations text[]) returns boolean
  language sql stable
  as $$
    select coalesce(
      regexp_replace(storage.operation(), '^storage\.', '') in (
        select regexp_replace(expected, '^storage\.', '')
          from unnest(expected_operations) as expected
         where expected <> ''
      ),
      false
    )
  $$;

create or replace function storage.allow_only_operation(expected_operation text) returns boolean
  language sql stable
  as $$ select storage.allow_any_operation(array[expected_operation]) $$;

alter function storage.operation() owner to supabase_storage_admin;
alter function storage.allow_any_operation(text[]) owner to supabase_storage_admin;
alter function storage.allow_only_operation(text) owner to supabase_storage_admin;
