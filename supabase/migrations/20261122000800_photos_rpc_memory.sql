-- get_album_photos_by_token returns its rows through PL/pgSQL's RETURN QUERY, which collects the
-- whole album in a tuplestore before PostgREST pages it (db-max-rows, Range). At the default
-- 4 MB of work_mem an album of about 5,000 photos or more no longer fits and is written to a
-- temporary file on every call. 16 MB keeps a 10,000-photo album (about 8 MB of rows) in memory;
-- it is a ceiling per call, only used by albums that large.
alter function public.get_album_photos_by_token(text, text) set work_mem = '16MB';
