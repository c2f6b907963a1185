import * as migration_20261121_065433_initial from './20261121_065433_initial'
import * as migration_20261123_174525_notifications from './20261123_174525_notifications'
import * as migration_20261123_175154_bookings from './20261123_175154_bookings'
import * as migration_20261123_175155_bookings_no_overlap from './20261123_175155_bookings_no_overlap'
import * as migration_20261123_175450_blog from './20261123_175450_blog'
import * as migration_20261123_181126_service_media from './20261123_181126_service_media'
import * as migration_20261123_210213_mail_jobs from './20261123_210213_mail_jobs'
import * as migration_20261124_001500_list_counts from './20261124_001500_list_counts'
import * as migration_20261125_012607_accounts from './20261125_012607_accounts'
import * as migration_20261125_012809_reports from './20261125_012809_reports'
import * as migration_20261125_020158_blog_comment_author_names from './20261125_020158_blog_comment_author_names'
import * as migration_20261125_020605_organization_invitations from './20261125_020605_organization_invitations'
import * as migration_20261125_021005_booking_reminders from './20261125_021005_booking_reminders'
import * as migration_20261125_021513_community from './20261125_021513_community'
import * as migration_20261125_055112_community_author_names from './20261125_055112_community_author_names'
import * as migration_20261125_055147_forum_read_indexes from './20261125_055147_forum_read_indexes'
import * as migration_20261125_055836_community_media from './20261125_055836_community_media'
import * as migration_20261126_214528_organization_logo_metadata from './20261126_214528_organization_logo_metadata'
import * as migration_20261127_052204_profile_fields_blog_excerpt from './20261127_052204_profile_fields_blog_excerpt'
import * as migration_20261127_053643_days_off_buffers from './20261127_053643_days_off_buffers'
import * as migration_20261127_053644_bookings_buffered_overlap from './20261127_053644_bookings_buffered_overlap'
import * as migration_20261127_053645_webhooks from './20261127_053645_webhooks'
import * as migration_20261127_090000_collection_versions from './20261127_090000_collection_versions'
import * as migration_20261127_150000_booking_write_function from './20261127_150000_booking_write_function'
import * as migration_20261127_150000_community_list_counts from './20261127_150000_community_list_counts'
import * as migration_20261127_180000_classifieds_passed_index from './20261127_180000_classifieds_passed_index'
import * as migration_20261127_180000_pooled_read_functions from './20261127_180000_pooled_read_functions'
import * as migration_20261202_014500_generated_functions from './20261202_014500_generated_functions'
import * as migration_20261202_020000_user_stale_triggers from './20261202_020000_user_stale_triggers'
import * as migration_20261202_030000_notification_settings from './20261202_030000_notification_settings'
import * as migration_20261202_031119_booking_cancel_reschedule from './20261202_031119_booking_cancel_reschedule'
import * as migration_20261202_045249_screening_blocks from './20261202_045249_screening_blocks'
import * as migration_20261202_045322_outdated_translations from './20261202_045322_outdated_translations'
import * as migration_20261202_045534_versions from './20261202_045534_versions'
import * as migration_20261202_050000_holds from './20261202_050000_holds'
import * as migration_20261202_050000_search from './20261202_050000_search'
import * as migration_20261202_050000_watched_words from './20261202_050000_watched_words'
import * as migration_20261202_052552_seats from './20261202_052552_seats'
import * as migration_20261202_060000_service_versions_seats from './20261202_060000_service_versions_seats'
import * as migration_20261202_080100_one_booking_rule from './20261202_080100_one_booking_rule'
import * as migration_20261202_081500_search_unchanged_rows from './20261202_081500_search_unchanged_rows'
import * as migration_20261202_090000_waitlist from './20261202_090000_waitlist'

export const migrations = [
  {
    up: migration_20261121_065433_initial.up,
    down: migration_20261121_065433_initial.down,
    name: '20261121_065433_initial',
  },
  {
    up: migration_20261123_174525_notifications.up,
    down: migration_20261123_174525_notifications.down,
    name: '20261123_174525_notifications',
  },
  {
    up: migration_20261123_175154_bookings.up,
    down: migration_20261123_175154_bookings.down,
    name: '20261123_175154_bookings',
  },
  {
    up: migration_20261123_175155_bookings_no_overlap.up,
    down: migration_20261123_175155_bookings_no_overlap.down,
    name: '20261123_175155_bookings_no_overlap',
  },
  {
    up: migration_20261123_175450_blog.up,
    down: migration_20261123_175450_blog.down,
    name: '20261123_175450_blog',
  },
  {
    up: migration_20261123_181126_service_media.up,
    down: migration_20261123_181126_service_media.down,
    name: '20261123_181126_service_media',
  },
  {
    up: migration_20261123_210213_mail_jobs.up,
    down: migration_20261123_210213_mail_jobs.down,
    name: '20261123_210213_mail_jobs',
  },
  {
    up: migration_20261124_001500_list_counts.up,
    down: migration_20261124_001500_list_counts.down,
    name: '20261124_001500_list_counts',
  },
  {
    up: migration_20261125_012607_accounts.up,
    down: migration_20261125_012607_accounts.down,
    name: '20261125_012607_accounts',
  },
  {
    up: migration_20261125_012809_reports.up,
    down: migration_20261125_012809_reports.down,
    name: '20261125_012809_reports',
  },
  {
    up: migration_20261125_020158_blog_comment_author_names.up,
    down: migration_20261125_020158_blog_comment_author_names.down,
    name: '20261125_020158_blog_comment_author_names',
  },
  {
    up: migration_20261125_020605_organization_invitations.up,
    down: migration_20261125_020605_organization_invitations.down,
    name: '20261125_020605_organization_invitations',
  },
  {
    up: migration_20261125_021005_booking_reminders.up,
    down: migration_20261125_021005_booking_reminders.down,
    name: '20261125_021005_booking_reminders',
  },
  {
    up: migration_20261125_021513_community.up,
    down: migration_20261125_021513_community.down,
    name: '20261125_021513_community',
  },
  {
    up: migration_20261125_055112_community_author_names.up,
    down: migration_20261125_055112_community_author_names.down,
    name: '20261125_055112_community_author_names',
  },
  {
    up: migration_20261125_055147_forum_read_indexes.up,
    down: migration_20261125_055147_forum_read_indexes.down,
    name: '20261125_055147_forum_read_indexes',
  },
  {
    up: migration_20261125_055836_community_media.up,
    down: migration_20261125_055836_community_media.down,
    name: '20261125_055836_community_media',
  },
  {
    up: migration_20261126_214528_organization_logo_metadata.up,
    down: migration_20261126_214528_organization_logo_metadata.down,
    name: '20261126_214528_organization_logo_metadata',
  },
  {
    up: migration_20261127_052204_profile_fields_blog_excerpt.up,
    down: migration_20261127_052204_profile_fields_blog_excerpt.down,
    name: '20261127_052204_profile_fields_blog_excerpt',
  },
  {
    up: migration_20261127_053643_days_off_buffers.up,
    down: migration_20261127_053643_days_off_buffers.down,
    name: '20261127_053643_days_off_buffers',
  },
  {
    up: migration_20261127_053644_bookings_buffered_overlap.up,
    down: migration_20261127_053644_bookings_buffered_overlap.down,
    name: '20261127_053644_bookings_buffered_overlap',
  },
  {
    up: migration_20261127_053645_webhooks.up,
    down: migration_20261127_053645_webhooks.down,
    name: '20261127_053645_webhooks',
  },
  {
    up: migration_20261127_090000_collection_versions.up,
    down: migration_20261127_090000_collection_versions.down,
    name: '20261127_090000_collection_versions',
  },
  {
    up: migration_20261127_150000_booking_write_function.up,
    down: migration_20261127_150000_booking_write_function.down,
    name: '20261127_150000_booking_write_function',
  },
  {
    up: migration_20261127_150000_community_list_counts.up,
    down: migration_20261127_150000_community_list_counts.down,
    name: '20261127_150000_community_list_counts',
  },
  {
    up: migration_20261127_180000_classifieds_passed_index.up,
    down: migration_20261127_180000_classifieds_passed_index.down,
    name: '20261127_180000_classifieds_passed_index',
  },
  {
    up: migration_20261127_180000_pooled_read_functions.up,
    down: migration_20261127_180000_pooled_read_functions.down,
    name: '20261127_180000_pooled_read_functions',
  },
  {
    up: migration_20261202_014500_generated_functions.up,
    down: migration_20261202_014500_generated_functions.down,
    name: '20261202_014500_generated_functions',
  },
  {
    up: migration_20261202_020000_user_stale_triggers.up,
    down: migration_20261202_020000_user_stale_triggers.down,
    name: '20261202_020000_user_stale_triggers',
  },
  {
    up: migration_20261202_030000_notification_settings.up,
    down: migration_20261202_030000_notification_settings.down,
    name: '20261202_030000_notification_settings',
  },
  {
    up: migration_20261202_031119_booking_cancel_reschedule.up,
    down: migration_20261202_031119_booking_cancel_reschedule.down,
    name: '20261202_031119_booking_cancel_reschedule',
  },
  {
    up: migration_20261202_045249_screening_blocks.up,
    down: migration_20261202_045249_screening_blocks.down,
    name: '20261202_045249_screening_blocks',
  },
  {
    up: migration_20261202_045322_outdated_translations.up,
    down: migration_20261202_045322_outdated_translations.down,
    name: '20261202_045322_outdated_translations',
  },
  {
    up: migration_20261202_045534_versions.up,
    down: migration_20261202_045534_versions.down,
    name: '20261202_045534_versions',
  },
  {
    up: migration_20261202_050000_holds.up,
    down: migration_20261202_050000_holds.down,
    name: '20261202_050000_holds',
  },
  {
    up: migration_20261202_050000_search.up,
    down: migration_20261202_050000_search.down,
    name: '20261202_050000_search',
  },
  {
    up: migration_20261202_050000_watched_words.up,
    down: migration_20261202_050000_watched_words.down,
    name: '20261202_050000_watched_words',
  },
  {
    up: migration_20261202_052552_seats.up,
    down: migration_20261202_052552_seats.down,
    name: '20261202_052552_seats',
  },
  {
    up: migration_20261202_060000_service_versions_seats.up,
    down: migration_20261202_060000_service_versions_seats.down,
    name: '20261202_060000_service_versions_seats',
  },
  {
    up: migration_20261202_080100_one_booking_rule.up,
    down: migration_20261202_080100_one_booking_rule.down,
    name: '20261202_080100_one_booking_rule',
  },
  {
    up: migration_20261202_081500_search_unchanged_rows.up,
    down: migration_20261202_081500_search_unchanged_rows.down,
    name: '20261202_081500_search_unchanged_rows',
  },
  {
    up: migration_20261202_090000_waitlist.up,
    down: migration_20261202_090000_waitlist.down,
    name: '20261202_090000_waitlist',
  },
]
