DECLARE $owner AS Utf8;
SELECT job_id, state FROM scheduler_jobs WHERE owner = $owner;
