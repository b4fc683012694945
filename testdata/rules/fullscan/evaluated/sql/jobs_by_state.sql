-- Jobs in one state, newest first.
DECLARE $state AS Utf8;
SELECT job_id, owner, run_at
FROM scheduler_jobs
WHERE state = $state
ORDER BY run_at DESC;
