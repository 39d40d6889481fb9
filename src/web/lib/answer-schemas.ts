/*
 * The contract's answer schemas the web checks answers with (apiFetch's
 * `answer`, docs/decisions/0048), each behind a dynamic import: the query
 * modules that name them are imported by route loaders, which sit in the
 * entry, and the first page must not load zod (docs/decisions/0044).
 */

const listingAnswers = () => import('../../contract/listings/listing-answers');
const biddingAnswers = () => import('../../contract/bidding/bidding-answers');
const realtorProfileAnswers = () => import('../../contract/realtor-profiles/realtor-profile-answers');
const reviewAnswers = () => import('../../contract/reviews/review-answers');

export const loadPropertyAnswer = async () => (await listingAnswers()).propertyAnswer;
export const loadPropertiesAnswer = async () => (await listingAnswers()).propertiesAnswer;
export const loadOwnBidsAnswer = async () => (await biddingAnswers()).ownBidsAnswer;
export const loadOwnerBidsAnswer = async () => (await biddingAnswers()).ownerBidsAnswer;
export const loadBidRevisionsAnswer = async () => (await biddingAnswers()).bidRevisionsAnswer;
export const loadContactSharesAnswer = async () => (await biddingAnswers()).contactSharesAnswer;
export const loadRealtorProfileAnswer = async () => (await realtorProfileAnswers()).realtorProfileAnswer;
export const loadReviewsPageAnswer = async () => (await reviewAnswers()).reviewsPageAnswer;
export const loadReviewAnswer = async () => (await reviewAnswers()).reviewAnswer;
