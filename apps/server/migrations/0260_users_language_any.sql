-- A user's language is any code of the domain's language table (English, Traditional Chinese,
-- Simplified Chinese, and whatever is added later). The API checks it against that table, and a
-- stored code the table no longer holds reads as English, so the database no longer repeats
-- the list.
alter table users drop constraint if exists users_language_check;
