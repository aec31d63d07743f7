/**
 * What a topic collector provider returns: the videos it found for one hashtag and the profiles
 * of their authors. Providers are pure fetchers; collect-job.ts writes what they return.
 * A provider signals a failed refresh by throwing ProviderError with a reason fit for a log.
 */
export interface CollectedVideo {
  video_id: string;
  unique_id: string;
  video_desc: string;
  is_ad: number;
  video_create_time: number;
  collect_count: number;
  comment_count: number;
  digg_count: number;
  play_count: number;
  share_count: number;
  video_definition: string;
  video_codec_type: string;
  video_format: string;
  video_width: number;
  video_height: number;
  video_ratio: string;
  video_size: number;
  video_cover_path: string;
  video_download_path: string;
}

export interface Socialize {
  platform: string;
  value: string;
}

/** An author's profile; fields a provider does not know are left out and keep their stored value. */
export interface CollectedAuthor {
  unique_id: string;
  nick_name?: string;
  head_img?: string;
  email?: string;
  bio_link?: string;
  signature?: string;
  cid?: string;
  categorys?: string;
  socialize?: Socialize[];
  follower_count?: number;
  following_count?: number;
  friend_count?: number;
  digg_count?: number;
  heart?: number;
  heart_count?: number;
  video_count?: number;
  product_count?: number;
  units_sold_t30?: number;
  video_publish_t30?: number;
  video_view_t30?: number;
  gmv_t30?: number;
  /** A percentage: 3.25 means 3.25 %. */
  video_engagement_t30?: number;
}

export interface TopicQuery {
  /** The hashtag without '#'. */
  hashtag: string;
  country: string;
  /** The refresh time (unix seconds), from the collector's clock. */
  at: number;
}

export interface Collected {
  videos: CollectedVideo[];
  authors: CollectedAuthor[];
}

export interface TopicProvider {
  readonly name: string;
  /** `progress` is called after each page so a long refresh can renew its job lease. */
  collect(q: TopicQuery, progress?: (videosSoFar: number) => Promise<void>): Promise<Collected>;
}

export class ProviderError extends Error {
  constructor(
    public readonly reason: string,
    public readonly retryable = false,
  ) {
    super(reason);
    this.name = 'ProviderError';
  }
}

export const blankVideo = (video_id: string, unique_id: string): CollectedVideo => ({
  video_id,
  unique_id,
  video_desc: '',
  is_ad: 0,
  video_create_time: 0,
  collect_count: 0,
  comment_count: 0,
  digg_count: 0,
  play_count: 0,
  share_count: 0,
  video_definition: '',
  video_codec_type: '',
  video_format: '',
  video_width: 0,
  video_height: 0,
  video_ratio: '',
  video_size: 0,
  video_cover_path: '',
  video_download_path: '',
});
