// Planted defects of the mutation gate (contracts/mutants/ad-creative.ts): flags the service reads from its
// context. All off in normal operation; each names one realistic bug inside the service.
import type { RateLimitDefects } from './rate-limit.js';
import type { TextRuleDefects } from './text-rules.js';

export interface AdCreativeDefects extends RateLimitDefects, TextRuleDefects {
  /** A missing token is answered with 190 instead of 104. */
  missingToken190?: boolean;
  /** An expired token is accepted. */
  expiredTokenAccepted?: boolean;
  /** Development-level apps are not refused (no 270). */
  devAppAccepted?: boolean;
  /** 270 answered with code 200. */
  devAppCode200?: boolean;
  /** The ad account grant is not checked on list and create. */
  accountGrantUnchecked?: boolean;
  /** A creative of another tenant is readable (no tenant check on creative reads). */
  creativeTenantUnchecked?: boolean;
  /** A creative of another tenant answers 200 "permission" instead of "does not exist" (existence leaks). */
  foreignCreativeLeaks?: boolean;
  /** An unknown creative answers 2500 instead of 100/33 (one of the four planted defects of the old broken server). */
  unknownCreativeCode2500?: boolean;
  /** No uniqueness check: an identical creative gets a new id (old broken server). */
  noUniquenessCheck?: boolean;
  /** Uniqueness by check-then-insert across an await: concurrent identical creates store several. */
  uniquenessRace?: boolean;
  /** Identity ignores the name: a creative differing only in name returns the first one's id. */
  identityIgnoresName?: boolean;
  /** object_story_spec creatives also set object_story_id to the inline post. */
  inlinePostAsObjectStoryId?: boolean;
  /** No inline post: effective_object_story_id missing. */
  noInlinePost?: boolean;
  /** Inline posts are listed by promotable_posts without include_inline. */
  inlineAlwaysListed?: boolean;
  /** Inline posts are never listed, even with include_inline=true. */
  inlineNeverListed?: boolean;
  /** A link ad without title is accepted. */
  linkAdTitleOptional?: boolean;
  /** Sponsor fields are accepted without a tagged post. */
  sponsorUnchecked?: boolean;
  /** A tagged partnership post is refused. */
  sponsorRefused?: boolean;
  /** authorization_category is accepted on dynamic ads. */
  dynamicAdPoliticalAccepted?: boolean;
  /** authorization_category is refused on asset-feed (dynamic creative) and plain creatives too. */
  politicalRefusedEverywhere?: boolean;
  /** The 8 MB limit of a post image is not checked. */
  oversizedPostAccepted?: boolean;
  /** The 8 MB limit is off by a factor (80 MB). */
  postImageLimit80Mb?: boolean;
  /** body with video_data is accepted. */
  videoBodyAccepted?: boolean;
  /** body is refused on every object_story_spec creative. */
  bodyRefusedOnAllStorySpecs?: boolean;
  /** The image library is not consulted: an unknown image_hash is accepted. */
  imageHashUnchecked?: boolean;
  /** branded_content_sponsor_page_id is dropped when stored. */
  sponsorPageDropped?: boolean;
  /** call_to_action value members are dropped when stored. */
  ctaValueDropped?: boolean;
  /** A call to action without value is refused. */
  ctaValueRequired?: boolean;
  /** authorization_category is not stored. */
  authorizationCategoryDropped?: boolean;
  /** A read answers every stored field, whatever `fields` asks. */
  fieldsIgnored?: boolean;
  /** A read omits id unless asked for. */
  readWithoutId?: boolean;
  /** Nested selections are answered whole (the inner selection is ignored). */
  nestedSelectionIgnored?: boolean;
  /** .as(alias) is ignored: the value keeps its own name. */
  aliasIgnored?: boolean;
  /** An unknown field is silently skipped instead of error 100. */
  unknownFieldSkipped?: boolean;
  /** A malformed selection is answered with code 100 instead of 2500. */
  malformedFields100?: boolean;
  /** thumbnail_width/height ignored: the thumbnail is always 64 x 64. */
  thumbnailSizeIgnored?: boolean;
  /** The thumbnail default is 100 x 100. */
  thumbnailDefault100?: boolean;
  /** The thumbnail image is served with width and height swapped. */
  thumbnailSwapped?: boolean;
  /** A write with `fields` answers only the id / success. */
  writeFieldsIgnored?: boolean;
  /** An update accepts fields other than account_id, adlabels, name and status (and ignores them). */
  updateAcceptsOtherFields?: boolean;
  /** An update answers success but does not store the name. */
  updateNameNotStored?: boolean;
  /** An update of account_id to an account the caller cannot use is accepted. */
  updateAccountUnchecked?: boolean;
  /** Old versions report IN_PROCESS and WITH_ISSUES too. */
  oldVersionShowsNewStatuses?: boolean;
  /** Old versions may set IN_PROCESS and WITH_ISSUES. */
  oldVersionSetsNewStatuses?: boolean;
  /** A delete answers success and keeps the creative ACTIVE. */
  deleteKeepsActive?: boolean;
  /** Paging: the after cursor repeats the last item of the previous page. */
  pagingRepeatsBoundary?: boolean;
  /** Paging: the after cursor skips one item. */
  pagingSkipsOne?: boolean;
  /** paging.next is present on the last page too. */
  nextOnLastPage?: boolean;
  /** paging.next is never present. */
  nextNeverPresent?: boolean;
  /** limit ignored: pages of 25 whatever is asked. */
  limitIgnored?: boolean;
  /** Previews ignore ad_format (every format gets the feed snippet). */
  previewFormatIgnored?: boolean;
  /** The preview edge answers without its required data (old broken server). */
  previewWithoutData?: boolean;
  /** Rule 2 not checked by the service, and the schema check bypassed (old broken server's invalid title). */
  titlePunctuationAccepted?: boolean;
}

export function defectsOf(raw: Readonly<Record<string, unknown>>): AdCreativeDefects {
  return { ...raw } as AdCreativeDefects;
}
