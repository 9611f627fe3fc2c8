-- Picks the final amount of a payment session on a receiving account: the smallest discount
-- (0 … max_discount) whose amount no session of the account holds, either because it waits for
-- money there or because it ended less than `hold` ago (a transfer of its customer may still be
-- reported). Amounts other transactions are picking this moment are skipped, not waited for: each
-- candidate is taken with pg_try_advisory_xact_lock (held until the caller's transaction ends), so
-- many sessions of one amount opened at once spread over the free amounts instead of queueing on
-- the first. The partial unique index payment_sessions_open_amount_key stays the arbiter. Returns
-- null when every amount within the discount is held.
CREATE OR REPLACE FUNCTION gerbang_pick_final_amount(account uuid, base bigint, max_discount integer, hold interval)
RETURNS bigint LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  candidate bigint;
BEGIN
  FOR discount IN 0..max_discount LOOP
    candidate := base - discount;
    EXIT WHEN candidate <= 0;
    CONTINUE WHEN EXISTS (
      SELECT 1 FROM payment_sessions s
      WHERE s.wallet_account_id = account AND s.final_amount_minor = candidate
        AND (s.status IN ('awaiting_payment', 'processing') OR s.updated_at > now() - hold));
    IF pg_try_advisory_xact_lock(hashtextextended('final_amount:' || account::text || ':' || candidate::text, 0)) THEN
      RETURN candidate;
    END IF;
  END LOOP;
  RETURN NULL;
END
$$;
