import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { useContext, useEffect, useRef, useState } from 'react';
import type { ConversationView, MessageView, UnreadTotals } from '../../../../contracts/messages/index.ts';
import { api } from '../../lib/api/index.ts';
import { RealtimeContext } from '../../lib/realtime/context.ts';
import { setLiveQueryData, useRoom, useSocketEvent } from '../../lib/realtime/index.ts';

type ConversationList = { conversations: ConversationView[]; next: string | null };
type MessagePage = { messages: MessageView[]; hasMore: boolean };

export const messageKeys = {
  all: ['messages'] as const,
  list: () => ['messages', 'list'] as const,
  conversation: (id: number) => ['messages', 'conversation', id] as const,
  thread: (id: number) => ['messages', 'thread', id] as const,
  unread: () => ['messages', 'unread'] as const,
};

/** The person's conversations, newest activity first. */
export function useConversations() {
  return useInfiniteQuery({
    queryKey: messageKeys.list(),
    queryFn: ({ pageParam, signal }) => api.get<ConversationList>('/api/v1/conversations', { query: pageParam ? { before: pageParam } : {}, signal }),
    initialPageParam: '',
    getNextPageParam: (last) => last.next ?? undefined,
  });
}

export function useConversation(id: number) {
  return useQuery({ queryKey: messageKeys.conversation(id), queryFn: ({ signal }) => api.get<ConversationView>(`/api/v1/conversations/${id}`, { signal, quiet: true }), retry: false });
}

/** A thread, newest page first; older pages come as one scrolls back. */
export function useThread(id: number) {
  return useInfiniteQuery({
    queryKey: messageKeys.thread(id),
    queryFn: ({ pageParam, signal }) => api.get<MessagePage>(`/api/v1/conversations/${id}/messages`, { query: pageParam ? { before: pageParam } : {}, signal, quiet: true }),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.hasMore ? last.messages.at(-1)?.id : undefined),
    retry: false,
  });
}

/** Puts a message into a cached thread: replaces it when there, else adds it at the newest end. */
function placeMessage(queryClient: QueryClient, message: MessageView): void {
  setLiveQueryData<InfiniteData<MessagePage>>(queryClient, messageKeys.thread(message.conversationId), (data) => {
    if (!data) return data;
    const known = data.pages.some((page) => page.messages.some((m) => m.id === message.id));
    if (known) return { ...data, pages: data.pages.map((page) => ({ ...page, messages: page.messages.map((m) => (m.id === message.id ? message : m)) })) };
    const [first, ...rest] = data.pages;
    return { ...data, pages: [{ ...first!, messages: [message, ...first!.messages] }, ...rest] };
  });
}

/**
 * Everything messages hear from the server, kept once for the whole app (the frame mounts it):
 * new and changed messages into open threads, lists read again, the badge's totals.
 */
export function useMessagesLive(): void {
  const queryClient = useQueryClient();
  useSocketEvent('message:sent', (message) => {
    placeMessage(queryClient, message.message);
    void queryClient.invalidateQueries({ queryKey: messageKeys.list() });
  });
  useSocketEvent('message:changed', (message) => {
    placeMessage(queryClient, message.message);
    void queryClient.invalidateQueries({ queryKey: messageKeys.list() });
  });
  useSocketEvent('conversation:changed', (message) => {
    void queryClient.invalidateQueries({ queryKey: messageKeys.list() });
    void queryClient.invalidateQueries({ queryKey: messageKeys.conversation(message.conversationId) });
  });
  useSocketEvent('conversation:seen', (message) => void queryClient.invalidateQueries({ queryKey: messageKeys.conversation(message.conversationId) }));
  useSocketEvent('messages:unread', (message) => {
    setLiveQueryData<UnreadTotals>(queryClient, messageKeys.unread(), () => message.totals);
    setLiveQueryData<ConversationView>(queryClient, messageKeys.conversation(message.conversationId), (view) => view && { ...view, unreadCount: message.unreadCount, mentionsCount: message.mentionsCount });
  });
}

/** The badge's total: read once, then kept by messages:unread on the person's own room. */
export function useUnreadMessages(): number {
  const queryClient = useQueryClient();
  useSocketEvent('messages:unread', (message) => setLiveQueryData<UnreadTotals>(queryClient, messageKeys.unread(), () => message.totals));
  const query = useQuery({ queryKey: messageKeys.unread(), queryFn: ({ signal }) => api.get<UnreadTotals>('/api/v1/messages/unread', { signal, quiet: true }), staleTime: Infinity });
  return query.data?.total ?? 0;
}

export function useSendMessage(conversationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { content: string; attachments: number[] }) => api.post<MessageView>(`/api/v1/conversations/${conversationId}/messages`, input),
    onSuccess: (message) => {
      placeMessage(queryClient, message);
      void queryClient.invalidateQueries({ queryKey: messageKeys.list() });
    },
  });
}

export function useEditMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, content }: { id: number; content: string }) => api.patch<MessageView>(`/api/v1/messages/${id}`, { content }),
    onSuccess: (message) => placeMessage(queryClient, message),
  });
}

export function useDeleteMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: MessageView) => api.delete(`/api/v1/messages/${message.id}`),
    onSuccess: (_answer, message) => placeMessage(queryClient, { ...message, content: '', attachments: [], isDeleted: true }),
  });
}

export function useStartConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { participantIds: number[]; content: string; title?: string }) => api.post<ConversationView>('/api/v1/conversations', input),
    onSuccess: (view) => {
      queryClient.setQueryData(messageKeys.conversation(view.id), view);
      void queryClient.invalidateQueries({ queryKey: messageKeys.list() });
    },
  });
}

/** Marks the thread read up to its newest message whenever one arrives while it is open. */
export function useMarkRead(conversation: ConversationView | undefined, newestId: number | undefined): void {
  const queryClient = useQueryClient();
  const asked = useRef(0);
  useEffect(() => {
    if (!conversation || newestId === undefined || newestId <= conversation.lastReadMessageId || newestId <= asked.current) return;
    asked.current = newestId;
    void api
      .patch<{ unreadCount: number; mentionsCount: number; total: number }>(`/api/v1/conversations/${conversation.id}/read`, { messageId: newestId }, { quiet: true })
      .then((answer) => {
        queryClient.setQueryData<UnreadTotals>(messageKeys.unread(), (totals) => ({ mentions: totals?.mentions ?? 0, total: answer.total }));
        queryClient.setQueryData<ConversationView>(messageKeys.conversation(conversation.id), (view) => view && { ...view, unreadCount: answer.unreadCount, mentionsCount: answer.mentionsCount, lastReadMessageId: newestId });
        void queryClient.invalidateQueries({ queryKey: messageKeys.list() });
      })
      .catch(() => undefined);
  }, [conversation, newestId, queryClient]);
}

const TYPING_SHOWN_MS = 4000;
const TYPING_SENT_EVERY_MS = 2000;

/** Who else is typing here now, and a function to say one is typing (at most every two seconds). */
export function useTyping(conversationId: number, selfId: number): { typing: number[]; say: () => void } {
  const connection = useContext(RealtimeContext);
  useRoom(`conversation:${conversationId}`);
  const [typing, setTyping] = useState<Map<number, number>>(new Map());
  const lastSent = useRef(0);
  useSocketEvent('message:typing', (message) => {
    if (message.conversationId !== conversationId || message.userId === selfId) return;
    setTyping((current) => new Map(current).set(message.userId, Date.now()));
  });
  useSocketEvent('message:sent', (message) => {
    if (message.conversationId !== conversationId) return;
    setTyping((current) => {
      if (!current.has(message.message.sender.id)) return current;
      const next = new Map(current);
      next.delete(message.message.sender.id);
      return next;
    });
  });
  useEffect(() => {
    if (typing.size === 0) return;
    const timer = setInterval(() => setTyping((current) => new Map([...current].filter(([, at]) => Date.now() - at < TYPING_SHOWN_MS))), 1000);
    return () => clearInterval(timer);
  }, [typing.size]);
  return {
    typing: [...typing.keys()],
    say: () => {
      if (!connection || Date.now() - lastSent.current < TYPING_SENT_EVERY_MS) return;
      lastSent.current = Date.now();
      connection.socket.emit('typing', conversationId);
    },
  };
}
