/**
 * The topic-tracking calls (contract/schemas/topic-tracking.ts), through the shared client. These lists are server-paged (not mirrored locally); errors are already shown by
 * the client, so screens only stop loading.
 */
import type { Country } from '../../../contract/constants.ts';
import { API } from '../../../contract/routes.ts';
import { request } from '../../api/client.ts';

export interface TopicPageQuery {
  challengeId: number;
  page: number;
  limit: number;
}

/** The schema asks for a country; the topic id alone decides the rows (docs/decisions/topics.md). */
export const topicVideos = (q: TopicPageQuery, signal?: AbortSignal) =>
  request(API.challengeVideoList, { ...q, country: 'US' }, { signal });

export const topicInfluencers = (q: TopicPageQuery, signal?: AbortSignal) =>
  request(API.challengeVideoBloggerList, { ...q, country: 'US' }, { signal });

export interface AmateurQuery {
  country: Country;
  name: string;
  challenge: string;
  field?: string;
  sort?: 'asc' | 'desc';
  page: number;
  limit: number;
}

export const amateurs = (q: AmateurQuery, signal?: AbortSignal) =>
  request(API.challengeBloggerList, { ...q }, { signal });

export const toCreators = (country: Country, bloggers: string[]) =>
  request(API.challengeBloggerToCreators, { country, bloggers }, { toastSuccess: true });

export const thresholdInfo = () => request(API.amateurThresholdInfo, {});
export const setThreshold = (threshold: number) =>
  request(API.amateurThresholdSet, { threshold }, { toastSuccess: true });

/** Other screens import the TikTok links from here. */
export { profileUrl, videoUrl } from './topic-links.ts';
