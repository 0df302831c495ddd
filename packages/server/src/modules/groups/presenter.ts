import {
  buildPagination,
  type Group,
  type GroupMember,
  type GroupSummary,
  type Membership,
  type Pagination,
  type StoredFile,
} from '@plaza/contract';
import { type FileRow, imageUrl, presentFile } from '../uploads';
import type { MemberRow, MembershipRow } from './members-repo';
import { groupPermissionsFor } from './policy';
import type { GroupSummaryRow } from './repo';

/** The name a member is shown with. */
export function combinedName(person: { firstname: string | null; lastname: string | null }): string {
  return `${person.firstname ?? ''} ${person.lastname ?? ''}`.trim();
}

/** Maps a member list row to the contract's group member. */
export function presentMember(row: MemberRow): GroupMember {
  return {
    id: row.id,
    img: row.img,
    names: { firstname: row.firstname, lastname: row.lastname },
    combined_name: combinedName(row),
    role: row.role,
    status: row.status,
    membership_id: row.membership_id,
  };
}

/** A page of a member list as answers carry it. */
export interface MemberPage {
  results: GroupMember[];
  pagination: Pagination;
}

/** A page of a member list. */
export function presentMemberPage(
  page: { rows: MemberRow[]; total: number },
  pageNumber: number,
  perPage: number,
): MemberPage {
  return {
    results: page.rows.map(presentMember),
    pagination: buildPagination(pageNumber, perPage, page.total),
  };
}

/** Maps a group row to the contract's summary; the permission list is computed for the viewer. */
export function presentSummary(row: GroupSummaryRow, superadmin: boolean): GroupSummary {
  const { type } = row;
  const membership =
    row.membership_id && row.membership_status
      ? {
          id: row.membership_id,
          status: row.membership_status,
          role: row.membership_role ?? 'member',
        }
      : null;
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    image: imageUrl(row.image_path),
    type,
    free_to_join: type === 'open',
    member_count: row.member_count,
    permissions: groupPermissionsFor(
      { type, adminCount: row.admin_count },
      { superadmin, membership: membership && { status: membership.status, role: membership.role } },
    ),
    membership,
  };
}

/** A file row with its uploader's name. */
export interface FileWithUploader {
  file: FileRow;
  firstname: string | null;
  lastname: string | null;
}

/** Maps files for a viewer: they may delete a file with the delete permission, or when they uploaded it. */
export function presentFiles(
  rows: FileWithUploader[],
  viewerId: number,
  canDeleteAny: boolean,
): StoredFile[] {
  return rows.map((row) =>
    presentFile(
      row.file,
      { id: row.file.uploader_id, combined_name: combinedName(row) },
      canDeleteAny || row.file.uploader_id === viewerId,
    ),
  );
}

/** The group page: the summary with its infos and the content the viewer may read. */
export function presentGroup(
  summary: GroupSummary,
  content: {
    topics: { id: number; name: string; created_at: Date }[];
    files: StoredFile[];
    members: MemberPage;
  },
): Group {
  return {
    ...summary,
    infos: { title: summary.name, description: summary.description, img: summary.image },
    topics: content.topics.map((topic) => ({
      id: topic.id,
      name: topic.name,
      date: topic.created_at.toISOString(),
    })),
    files: content.files,
    members: content.members,
  };
}

/** An invitation or application row with its group and the other person. */
export interface MembershipListRow {
  membership: MembershipRow;
  group_name: string;
  group_description: string;
  group_image: string | null;
  other_id: number | null;
  other_img: string | null;
  other_firstname: string | null;
  other_lastname: string | null;
}

/** Maps an invitation (the other person is the inviter) or an application (the applicant). */
export function presentMembership(row: MembershipListRow): Membership {
  return {
    id: row.membership.id,
    membership_id: row.membership.id,
    type: row.membership.kind,
    status: row.membership.status,
    image: imageUrl(row.group_image),
    name: row.group_name,
    description: row.group_description,
    group_id: row.membership.group_id,
    user_details: {
      user_id: row.other_id,
      image: row.other_img,
      combined_name: row.other_id
        ? combinedName({ firstname: row.other_firstname, lastname: row.other_lastname })
        : '',
    },
  };
}

/** The viewer's own membership as answers carry it. */
export function presentOwnMembership(row: MembershipRow | null) {
  return row ? { id: row.id, status: row.status, role: row.role } : null;
}
