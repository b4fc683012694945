DECLARE $id AS Uint64;
SELECT owner FROM {table} WHERE job_id = $id;
