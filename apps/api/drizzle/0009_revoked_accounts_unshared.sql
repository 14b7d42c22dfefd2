-- Revoking an account now ends its sharing; accounts revoked before that still had their shares,
-- which an import reviving the account would have brought back.
DELETE FROM "bank_account_users"
WHERE "bank_account_id" IN (SELECT "id" FROM "bank_accounts" WHERE "is_revoked");
