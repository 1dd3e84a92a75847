-- placeholder: replaced by the migration of this change
SELECT 1;
