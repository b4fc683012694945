DECLARE $id AS Uint64;
DECLARE $owner AS Utf8;
UPDATE scheduler_jobs SET owner = $owner WHERE job_id = $id;
