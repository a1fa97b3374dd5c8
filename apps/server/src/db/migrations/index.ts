import type { Migration, MigrationProvider } from 'kysely';
import { migration as m0001 } from './0001-foundation.ts';
import { migration as m0002 } from './0002-masters-and-geography.ts';
import { migration as m0003 } from './0003-user-contacts-and-status-history.ts';
import { migration as m0004 } from './0004-agencies-brokers-sellers-user-profile.ts';
import { migration as m0005 } from './0005-properties.ts';
import { migration as m0006 } from './0006-reports.ts';
import { migration as m0007 } from './0007-notifications.ts';
import { migration as m0008 } from './0008-audit-log.ts';
import { migration as m0009 } from './0009-search-indexes.ts';
import { migration as m0010 } from './0010-notification-and-agent-search.ts';
import { migration as m0011 } from './0011-listing-tallies.ts';
import { migration as m0012 } from './0012-role-rank.ts';
import { migration as m0013 } from './0013-open-listing-limits.ts';
import { migration as m0014 } from './0014-abuse-throttling.ts';
import { migration as m0015 } from './0015-idempotency-keys.ts';
import { migration as m0016 } from './0016-audit-log-retention.ts';
import { migration as m0017 } from './0017-demo-addresses.ts';
import { migration as m0019 } from './0019-organisation-contact-search.ts';
import { migration as m0020 } from './0020-saved-views.ts';
import { migration as m0021 } from './0021-media-order.ts';
import { migration as m0022 } from './0022-duplicate-candidates.ts';
import { migration as m0023 } from './0023-rental-expiry-index.ts';
import { migration as m0027 } from './0027-housekeeping-runs.ts';
import { migration as m0028 } from './0028-search-documents.ts';
import { migration as m0029 } from './0029-notification-fan-outs.ts';
import { migration as m0030 } from './0030-agent-chooser-covering-index.ts';
import { migration as m0031 } from './0031-listing-own-text-index.ts';
import { migration as m0032 } from './0032-user-search-text.ts';
import { migration as m0033 } from './0033-users-by-role-newest.ts';
import { migration as m0034 } from './0034-operator-in-search-document.ts';
import { migration as m0035 } from './0035-open-listing-place.ts';
import { migration as m0036 } from './0036-idempotency-heartbeat.ts';
import { migration as m0037 } from './0037-reset-links-follow-the-address.ts';
import { migration as m0038 } from './0038-chosen-or-refused.ts';
import { migration as m0039 } from './0039-open-places-by-advisory-lock.ts';
import { migration as m0040 } from './0040-idempotent-create-carried-out.ts';
import { migration as m0041 } from './0041-addresses-follow-their-places.ts';
import { migration as m0042 } from './0042-listing-name-words.ts';
import { migration as m0043 } from './0043-user-search-words.ts';
import { migration as m0044 } from './0044-media-removal-outbox.ts';
import { migration as m0045 } from './0045-unread-tallies.ts';
import { migration as m0046 } from './0046-users-by-status-and-role.ts';
import { migration as m0047 } from './0047-notifications-searched-by-recipient.ts';
import { migration as m0048 } from './0048-listing-name-words-in-order.ts';
import { migration as m0049 } from './0049-notification-types-as-keys.ts';
import { migration as m0050 } from './0050-words-removed-by-key.ts';
import { migration as m0051 } from './0051-listing-search-one-index.ts';
import { migration as m0052 } from './0052-listing-search-text.ts';
import { migration as m0053 } from './0053-listing-search-statistics.ts';
import { migration as m0054 } from './0054-seller-names-folded.ts';
import { migration as m0055 } from './0055-listing-changes-after-commit.ts';
import { migration as m0056 } from './0056-no-search-document-history.ts';
import { migration as m0057 } from './0057-barangay-area-names.ts';
import { migration as m0058 } from './0058-barangay-area-paired-columns.ts';

/** Plain SQL migrations, in order, one file each. Never edit one that has shipped: add the next. */
const migrations: Record<string, Migration> = {
  '0001_foundation': m0001,
  '0002_masters_and_geography': m0002,
  '0003_user_contacts_and_status_history': m0003,
  '0004_agencies_brokers_sellers_user_profile': m0004,
  '0005_properties': m0005,
  '0006_reports': m0006,
  '0007_notifications': m0007,
  '0008_audit_log': m0008,
  '0009_search_indexes': m0009,
  '0010_notification_and_agent_search': m0010,
  '0011_listing_tallies': m0011,
  '0012_role_rank': m0012,
  '0013_open_listing_limits': m0013,
  '0014_abuse_throttling': m0014,
  '0015_idempotency_keys': m0015,
  '0016_audit_log_retention': m0016,
  '0017_demo_addresses': m0017,
  '0019_organisation_contact_search': m0019,
  '0020_saved_views': m0020,
  '0021_media_order': m0021,
  '0022_duplicate_candidates': m0022,
  '0023_rental_expiry_index': m0023,
  '0027_housekeeping_runs': m0027,
  '0028_search_documents': m0028,
  '0029_notification_fan_outs': m0029,
  '0030_agent_chooser_covering_index': m0030,
  '0031_listing_own_text_index': m0031,
  '0032_user_search_text': m0032,
  '0033_users_by_role_newest': m0033,
  '0034_operator_in_search_document': m0034,
  '0035_open_listing_place': m0035,
  '0036_idempotency_heartbeat': m0036,
  '0037_reset_links_follow_the_address': m0037,
  '0038_chosen_or_refused': m0038,
  '0039_open_places_by_advisory_lock': m0039,
  '0040_idempotent_create_carried_out': m0040,
  '0041_addresses_follow_their_places': m0041,
  '0042_listing_name_words': m0042,
  '0043_user_search_words': m0043,
  '0044_media_removal_outbox': m0044,
  '0045_unread_tallies': m0045,
  '0046_users_by_status_and_role': m0046,
  '0047_notifications_searched_by_recipient': m0047,
  '0048_listing_name_words_in_order': m0048,
  '0049_notification_types_as_keys': m0049,
  '0050_words_removed_by_key': m0050,
  '0051_listing_search_one_index': m0051,
  '0052_listing_search_text': m0052,
  '0053_listing_search_statistics': m0053,
  '0054_seller_names_folded': m0054,
  '0055_listing_changes_after_commit': m0055,
  '0056_no_search_document_history': m0056,
  '0057_barangay_area_names': m0057,
  '0058_barangay_area_paired_columns': m0058,
};

/**
 * Tables a migration fills that are read by index only: vacuumed once it has run, so that their
 * visibility map lets the planner read them in index order at once (not after autovacuum's turn).
 */
export const VACUUMED_AFTER: Record<string, readonly string[]> = {
  '0042_listing_name_words': ['property_name_words', 'property_name_vocabulary'],
  '0043_user_search_words': ['user_search_words', 'user_search_vocabulary'],
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
