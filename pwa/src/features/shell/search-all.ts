/** Category segment of the listing that covers every category: the search bars send their queries here. */
export const ALL_CATEGORIES = 'toate';
