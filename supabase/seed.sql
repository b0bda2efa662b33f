-- Run by `supabase db reset` after the migrations (never by `db push`).
-- The catalogue, users, images and orders need the HTTP API (GoTrue for password hashes, Storage
-- for images), so they are seeded by `npm run seed -- --url … --service-role-key …` (scripts/seed.ts).
-- Here: the default admin of the seed, so the seeded admin login has admin rights.
insert into public.admin_emails (email) values ('admin@nopain-nogain.test') on conflict do nothing;
