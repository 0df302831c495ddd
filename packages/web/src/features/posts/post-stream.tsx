import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { NewsItem, Post, StreamRef } from '@plaza/contract';
import { type InfiniteData, useInfiniteQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { NewPostsHint } from '../../components/new-posts-hint';
import { apiErrorText } from '../../lib/api-error-text';
import { groupStreamQuery, topicStreamQuery } from './api/posts';
import { LazyCreatePostBox } from './lazy-create-post-box';
import { PostCard } from './post-card';

type StreamPage = { results: (Post | NewsItem)[]; pagination: { next: number | null } };

/** The posts of all loaded pages (page 1 first; later pages append). */
export function streamPosts(data: InfiniteData<StreamPage> | undefined): Post[] {
  return (data?.pages ?? []).flatMap((page) =>
    page.results.filter((item): item is Post => item.meta.type === 'post'),
  );
}

function StreamList({
  query,
  title,
  stream,
}: {
  query: ReturnType<typeof useInfiniteQuery<StreamPage, Error, InfiniteData<StreamPage>>>;
  title: string;
  /** The stream whose new posts the live hint counts. */
  stream: StreamRef;
}) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  const posts = streamPosts(query.data);
  return (
    <Box component="section" aria-label={title}>
      <Typography ref={heading} tabIndex={-1} variant="h2" sx={{ fontSize: '1.25rem', mb: 2 }}>
        {title}
      </Typography>
      <NewPostsHint
        stream={stream}
        isShown={(id) => posts.some((post) => post.id === id)}
        onLoad={() => query.refetch()}
        focusAfter={heading}
      />
      {query.isPending && <CircularProgress aria-label={t('posts.stream.loading')} />}
      {query.isError && <Alert severity="error">{apiErrorText(t, query.error)}</Alert>}
      {query.isSuccess && posts.length === 0 && (
        <Typography color="text.secondary">{t('posts.stream.empty')}</Typography>
      )}
      {posts.map((post) => (
        <PostCard key={post.id} post={post} />
      ))}
      {query.hasNextPage && (
        <Button
          variant="outlined"
          disabled={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          {t('posts.stream.more')}
        </Button>
      )}
    </Box>
  );
}

/** Below a group page: the create-post box (with `post_content`) and the group's stream. */
export function GroupPostStream({ groupId, canPost }: { groupId: number; canPost: boolean }) {
  const { t } = useTranslation();
  const query = useInfiniteQuery(groupStreamQuery(groupId));
  return (
    <Box sx={{ mt: 4 }}>
      {canPost && <LazyCreatePostBox groupId={groupId} />}
      <StreamList
        query={query}
        title={t('posts.stream.group_title')}
        stream={{ kind: 'group', id: groupId }}
      />
    </Box>
  );
}

/** On a topic page: the create-post box (with `post_content`) and the topic's stream. */
export function TopicPostStream({
  topicId,
  groupId,
  canPost,
}: {
  topicId: number;
  groupId: number;
  canPost: boolean;
}) {
  const { t } = useTranslation();
  const query = useInfiniteQuery(topicStreamQuery(topicId));
  return (
    <Box sx={{ mt: 4 }}>
      {canPost && <LazyCreatePostBox groupId={groupId} topicId={topicId} />}
      <StreamList
        query={query}
        title={t('posts.stream.topic_title')}
        stream={{ kind: 'topic', id: topicId }}
      />
    </Box>
  );
}
