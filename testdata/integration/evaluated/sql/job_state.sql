DECLARE $id AS Uint64;
SELECT state FROM scheduler_jobs WHERE job_id = $id;
