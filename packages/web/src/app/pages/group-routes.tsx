import { GroupPage } from '../../features/groups/group-page/group-page';
import { TopicPage } from '../../features/groups/topic-page/topic-page';
import { GroupPostStream, TopicPostStream } from '../../features/posts/post-stream';

/** The group page with the create-post box and the group's stream below it. */
export function GroupRoute() {
  return (
    <GroupPage
      below={(group) => (
        <GroupPostStream groupId={group.id} canPost={group.permissions.includes('post_content')} />
      )}
    />
  );
}

/** The topic page with the create-post box and the topic's stream below it. */
export function TopicRoute() {
  return (
    <TopicPage
      below={(topic) => (
        <TopicPostStream
          topicId={topic.id}
          groupId={topic.group.id}
          canPost={topic.permissions.includes('post_content')}
        />
      )}
    />
  );
}
