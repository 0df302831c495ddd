import { pageSizes } from '@plaza/contract/constants';

/** Members per page on the members tab (15 desktop, 8 mobile). */
export const membersTabPageSize = (mobile: boolean) =>
  mobile ? pageSizes.membersTab.mobile : pageSizes.membersTab.desktop;

/** Members per page in the manage-members overlay (9 desktop, 3 mobile). */
export const manageMembersPageSize = (mobile: boolean) =>
  mobile ? pageSizes.manageMembers.mobile : pageSizes.manageMembers.desktop;

/** How many topics are shown first and how many each 'show more' adds (5, then 5 or 3 on mobile). */
export const topicsPaging = (mobile: boolean) => ({
  first: pageSizes.groupTopics.first,
  step: mobile ? pageSizes.groupTopics.mobileStep : pageSizes.groupTopics.step,
});

/** How many files are shown first and how many each 'show more' adds (8, then 8 or 6 on mobile). */
export const filesPaging = (mobile: boolean) => ({
  first: pageSizes.groupFiles.first,
  step: mobile ? pageSizes.groupFiles.mobileStep : pageSizes.groupFiles.step,
});
