import { PriceDecimalsHint as PriceDecimalsHint_7d7571b8f550481e55dde3c898a719a7 } from '../../../../src/admin/PriceDecimalsHint'
import { CurrencySelect as CurrencySelect_d778e93a9528ef7b59b3a3a0fb53e53d } from '../../../../src/admin/CurrencySelect'
import { ServiceCalendarField as ServiceCalendarField_2f900f48fae9714933ca782e6f45f1a5 } from '../../../../src/admin/ServiceCalendarField'
import { RatingField as RatingField_3fac517e1edd5863a8c3addbcab95f58 } from '../../../../src/admin/RatingField'
import { LanguageSelect as LanguageSelect_d1bfadfdd19da4cb1b9271291373c5c4 } from '../../../../src/admin/LanguageSelect'
import { OutdatedTexts as OutdatedTexts_a6b62aa13e4f19537cb4c6406cefddbe } from '../../../../src/admin/OutdatedTexts'
import { TranslationRowLabel as TranslationRowLabel_61992e1d8bb2bc4e5fc24f221f53bead } from '../../../../src/admin/TranslationRowLabel'
import { WeeklySlotCell as WeeklySlotCell_300a88b98c4d6b2ae9528b40316a7c6b } from '../../../../src/admin/WeeklySlotCell'
import { BookingHistory as BookingHistory_863f05e15e2d1c72ccc467e26cebd92c } from '../../../../src/admin/BookingHistory'
import { RscEntryLexicalCell as RscEntryLexicalCell_44fe37237e0ebf4470c9990d8cb7b07e } from '@payloadcms/richtext-lexical/rsc'
import { RscEntryLexicalField as RscEntryLexicalField_44fe37237e0ebf4470c9990d8cb7b07e } from '@payloadcms/richtext-lexical/rsc'
import { LexicalDiffComponent as LexicalDiffComponent_44fe37237e0ebf4470c9990d8cb7b07e } from '@payloadcms/richtext-lexical/rsc'
import { InlineToolbarFeatureClient as InlineToolbarFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { HorizontalRuleFeatureClient as HorizontalRuleFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { UploadFeatureClient as UploadFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { BlockquoteFeatureClient as BlockquoteFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { RelationshipFeatureClient as RelationshipFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { LinkFeatureClient as LinkFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { ChecklistFeatureClient as ChecklistFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { OrderedListFeatureClient as OrderedListFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { UnorderedListFeatureClient as UnorderedListFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { IndentFeatureClient as IndentFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { AlignFeatureClient as AlignFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { HeadingFeatureClient as HeadingFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { ParagraphFeatureClient as ParagraphFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { InlineCodeFeatureClient as InlineCodeFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { SuperscriptFeatureClient as SuperscriptFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { SubscriptFeatureClient as SubscriptFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { StrikethroughFeatureClient as StrikethroughFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { UnderlineFeatureClient as UnderlineFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { BoldFeatureClient as BoldFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { ItalicFeatureClient as ItalicFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { ModerateComment as ModerateComment_d1d27d5f62013d0baf1d59ec27529f6f } from '../../../../collections/BlogComments/components/ModerateComment'
import { HeldFor as HeldFor_d8e31c73072f69f41eff25cc2e4cab43 } from '../../../../collections/community/components/HeldFor'
import { ApprovalDecision as ApprovalDecision_f91049518740426367f53a8ac4ecadf0 } from '../../../../collections/community/components/ApprovalDecision'
import { ScreeningCheck as ScreeningCheck_f14ee1597fa5f6298adf8956e6cf8e42 } from '../../../../src/admin/ScreeningCheck'
import { MemberNotificationSettings as MemberNotificationSettings_44ba4b5e029c5bc0ecaa71998717b946 } from '../../../../src/admin/MemberNotificationSettings'
import { JsonTextField as JsonTextField_c39f3e0f37ea3b7edf858422e7ddb669 } from '../../../../src/admin/JsonTextField'
import { SendTestWebhook as SendTestWebhook_5918111b51558dcf0ecdcb8fb7aa7181 } from '../../../../src/admin/SendTestWebhook'
import { NewWebhook as NewWebhook_a34134ceaf11770e86cc936ece13d256 } from '../../../../src/admin/NewWebhook'
import { JsonView as JsonView_10cc8d4865518ffb417729dbfd68148e } from '../../../../src/admin/JsonView'
import { CoverageNavLink as CoverageNavLink_e226678cbea8c53533afaddc6ceae117 } from '../../../../src/admin/CoverageNavLink'
import { TransparencyNavLink as TransparencyNavLink_66270ad5a6dffafce7638638663db418 } from '../../../../src/admin/TransparencyNavLink'
import { WatchedWordsNavLink as WatchedWordsNavLink_baa0bf551f75959af27f84a303848f92 } from '../../../../src/admin/WatchedWordsNavLink'
import { WorkQueue as WorkQueue_5b197fe495a7c5d8842e46fe98bca13d } from '../../../../src/admin/WorkQueue'
import { ModerationDesk as ModerationDesk_8fd4307ce2afc18c87db41c39cd91a85 } from '../../../../src/admin/ModerationDesk'
import { S3ClientUploadHandler as S3ClientUploadHandler_f97aa6c64367fa259c5bc0567239ef24 } from '@payloadcms/storage-s3/client'
import { TranslationCoverageView as TranslationCoverageView_f8cb14c36078dbea8931c2e6eab83bf9 } from '../../../../src/admin/TranslationCoverageView'
import { TransparencyView as TransparencyView_4733ed734d1028e88459d84dd9b0c2a3 } from '../../../../src/admin/TransparencyView'
import { WatchedWordsView as WatchedWordsView_7fd6f25f3008cf0a5273729ca8ebaa93 } from '../../../../src/admin/WatchedWordsView'
import { CollectionCards as CollectionCards_f9c02e79a4aed9a3924487c0cd4cafb1 } from '@payloadcms/next/rsc'

/** @type import('payload').ImportMap */
export const importMap = {
  "/src/admin/PriceDecimalsHint#PriceDecimalsHint": PriceDecimalsHint_7d7571b8f550481e55dde3c898a719a7,
  "/src/admin/CurrencySelect#CurrencySelect": CurrencySelect_d778e93a9528ef7b59b3a3a0fb53e53d,
  "/src/admin/ServiceCalendarField#ServiceCalendarField": ServiceCalendarField_2f900f48fae9714933ca782e6f45f1a5,
  "/src/admin/RatingField#RatingField": RatingField_3fac517e1edd5863a8c3addbcab95f58,
  "/src/admin/LanguageSelect#LanguageSelect": LanguageSelect_d1bfadfdd19da4cb1b9271291373c5c4,
  "/src/admin/OutdatedTexts#OutdatedTexts": OutdatedTexts_a6b62aa13e4f19537cb4c6406cefddbe,
  "/src/admin/TranslationRowLabel#TranslationRowLabel": TranslationRowLabel_61992e1d8bb2bc4e5fc24f221f53bead,
  "/src/admin/WeeklySlotCell#WeeklySlotCell": WeeklySlotCell_300a88b98c4d6b2ae9528b40316a7c6b,
  "/src/admin/BookingHistory#BookingHistory": BookingHistory_863f05e15e2d1c72ccc467e26cebd92c,
  "@payloadcms/richtext-lexical/rsc#RscEntryLexicalCell": RscEntryLexicalCell_44fe37237e0ebf4470c9990d8cb7b07e,
  "@payloadcms/richtext-lexical/rsc#RscEntryLexicalField": RscEntryLexicalField_44fe37237e0ebf4470c9990d8cb7b07e,
  "@payloadcms/richtext-lexical/rsc#LexicalDiffComponent": LexicalDiffComponent_44fe37237e0ebf4470c9990d8cb7b07e,
  "@payloadcms/richtext-lexical/client#InlineToolbarFeatureClient": InlineToolbarFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#HorizontalRuleFeatureClient": HorizontalRuleFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#UploadFeatureClient": UploadFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#BlockquoteFeatureClient": BlockquoteFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#RelationshipFeatureClient": RelationshipFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#LinkFeatureClient": LinkFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#ChecklistFeatureClient": ChecklistFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#OrderedListFeatureClient": OrderedListFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#UnorderedListFeatureClient": UnorderedListFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#IndentFeatureClient": IndentFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#AlignFeatureClient": AlignFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#HeadingFeatureClient": HeadingFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#ParagraphFeatureClient": ParagraphFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#InlineCodeFeatureClient": InlineCodeFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#SuperscriptFeatureClient": SuperscriptFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#SubscriptFeatureClient": SubscriptFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#StrikethroughFeatureClient": StrikethroughFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#UnderlineFeatureClient": UnderlineFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#BoldFeatureClient": BoldFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#ItalicFeatureClient": ItalicFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "/collections/BlogComments/components/ModerateComment#ModerateComment": ModerateComment_d1d27d5f62013d0baf1d59ec27529f6f,
  "/collections/community/components/HeldFor#HeldFor": HeldFor_d8e31c73072f69f41eff25cc2e4cab43,
  "/collections/community/components/ApprovalDecision#ApprovalDecision": ApprovalDecision_f91049518740426367f53a8ac4ecadf0,
  "/src/admin/ScreeningCheck#ScreeningCheck": ScreeningCheck_f14ee1597fa5f6298adf8956e6cf8e42,
  "/src/admin/MemberNotificationSettings#MemberNotificationSettings": MemberNotificationSettings_44ba4b5e029c5bc0ecaa71998717b946,
  "/src/admin/JsonTextField#JsonTextField": JsonTextField_c39f3e0f37ea3b7edf858422e7ddb669,
  "/src/admin/SendTestWebhook#SendTestWebhook": SendTestWebhook_5918111b51558dcf0ecdcb8fb7aa7181,
  "/src/admin/NewWebhook#NewWebhook": NewWebhook_a34134ceaf11770e86cc936ece13d256,
  "/src/admin/JsonView#JsonView": JsonView_10cc8d4865518ffb417729dbfd68148e,
  "/src/admin/CoverageNavLink#CoverageNavLink": CoverageNavLink_e226678cbea8c53533afaddc6ceae117,
  "/src/admin/TransparencyNavLink#TransparencyNavLink": TransparencyNavLink_66270ad5a6dffafce7638638663db418,
  "/src/admin/WatchedWordsNavLink#WatchedWordsNavLink": WatchedWordsNavLink_baa0bf551f75959af27f84a303848f92,
  "/src/admin/WorkQueue#WorkQueue": WorkQueue_5b197fe495a7c5d8842e46fe98bca13d,
  "/src/admin/ModerationDesk#ModerationDesk": ModerationDesk_8fd4307ce2afc18c87db41c39cd91a85,
  "@payloadcms/storage-s3/client#S3ClientUploadHandler": S3ClientUploadHandler_f97aa6c64367fa259c5bc0567239ef24,
  "/src/admin/TranslationCoverageView#TranslationCoverageView": TranslationCoverageView_f8cb14c36078dbea8931c2e6eab83bf9,
  "/src/admin/TransparencyView#TransparencyView": TransparencyView_4733ed734d1028e88459d84dd9b0c2a3,
  "/src/admin/WatchedWordsView#WatchedWordsView": WatchedWordsView_7fd6f25f3008cf0a5273729ca8ebaa93,
  "@payloadcms/next/rsc#CollectionCards": CollectionCards_f9c02e79a4aed9a3924487c0cd4cafb1
}
