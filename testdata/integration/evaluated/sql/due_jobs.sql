DECLARE $cutoff AS Timestamp;
SELECT job_id FROM {table} WHERE run_at < $cutoff;
