import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { KIND_LABELS, KIND_PATHS, type PostKind } from '../../../../contracts/posts/kinds.ts';
import type { PostView } from '../../../../contracts/posts/views.ts';
import { api } from '../../lib/api/index.ts';
import { confirmDialog } from '../../ui/AlertDialog.tsx';
import { Button } from '../../ui/Button.tsx';
import { showToast } from '../../ui/toast.tsx';
import { afterPostSaved } from './cache.ts';

// Spec section 7: restore is a POST for these kinds and a PATCH for the others.
const RESTORED_BY_POST = new Set<PostKind>(['callout', 'event', 'job', 'story']);

export async function deletePost(kind: PostKind, id: number): Promise<void> {
  await api.delete(`/api/v1/${KIND_PATHS[kind]}/${id}`);
}

export async function restorePost(kind: PostKind, id: number): Promise<PostView> {
  const path = `/api/v1/${KIND_PATHS[kind]}/${id}/restore`;
  return RESTORED_BY_POST.has(kind) ? api.post<PostView>(path) : api.patch<PostView>(path);
}

type Props = {
  post: PostView;
  /** After the change: the restored post, or null once deleted. */
  onChanged?: (post: PostView | null) => void;
  size?: 'sm' | 'md';
};

/**
 * Delete, or Restore on a deleted post: each shown only when the post's permissions (spec
 * section 6, worked out by the server for this reader) allow it; the server decides again.
 */
export function PostRemovalButtons({ post, onChanged, size = 'sm' }: Props) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const label = KIND_LABELS[post.type];

  const run = async (work: () => Promise<PostView | null>, done: string) => {
    setBusy(true);
    try {
      const next = await work();
      await afterPostSaved(queryClient, post.id);
      showToast({ type: 'success', lines: [done] });
      onChanged?.(next);
    } catch {
      // The error catalogue has told the person already.
    } finally {
      setBusy(false);
    }
  };

  if (post.isDeleted) {
    if (!post.permissions.canRestore) return null;
    return (
      <Button variant="secondary" size={size} loading={busy} onClick={() => void run(() => restorePost(post.type, post.id), `${label} restored`)}>
        Restore
      </Button>
    );
  }
  if (!post.permissions.canDelete) return null;
  const remove = async () => {
    const confirmed = await confirmDialog({
      title: `Delete this ${label.toLowerCase()}?`,
      message: 'It disappears from every feed and community. You can restore it afterwards.',
      applyLabel: 'Delete',
      danger: true,
    });
    if (confirmed) await run(async () => (await deletePost(post.type, post.id), null), `${label} deleted`);
  };
  return (
    <Button variant="danger" size={size} loading={busy} onClick={() => void remove()}>
      Delete
    </Button>
  );
}
