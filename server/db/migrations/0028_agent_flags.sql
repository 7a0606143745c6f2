-- Hand-written below
-- The agent centre's flags for the brands made before it: the red envelope
-- (AGENTRANSMULTDOWN3), the announcements for agents (AGENTANNOUNCE3) and the real-time
-- salary contract (RTSALARY3), under the agent pages (AGEPAG). Off: an upgrade shows no new
-- page on its own; the operator switches each on with `flag set` (the demo seed does).
INSERT INTO "whitelabel_nodes" ("merchant_code", "mod_id", "parent_mod_id", "enabled", "sort")
SELECT m."code", f."mod_id", 'AGEPAG', false, f."sort"
FROM "merchants" m
CROSS JOIN (VALUES ('AGENTRANSMULTDOWN3', 1001), ('AGENTANNOUNCE3', 1002), ('RTSALARY3', 1003)) AS f("mod_id", "sort")
WHERE EXISTS (
  SELECT 1 FROM "whitelabel_nodes" p WHERE p."merchant_code" = m."code" AND p."mod_id" = 'AGEPAG'
)
ON CONFLICT ("merchant_code", "mod_id") DO NOTHING;
