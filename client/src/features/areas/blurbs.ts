/**
 * What each area of the product is for, in a sentence: a page shell says it while the area's
 * screens are on their way. Keyed by the route names of spec section 2.
 */
export const areaBlurbs: Record<string, string> = {
  channels: 'The channels your announcements are distributed through.',
};
