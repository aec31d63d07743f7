/** Links and ids of the topic pages: TikTok profile and video URLs, the ?id= value. */

export const profileUrl = (uniqueId: string): string =>
  `https://www.tiktok.com/@${encodeURIComponent(uniqueId)}`;

export const videoUrl = (uniqueId: string, videoId: string): string =>
  `${profileUrl(uniqueId)}/video/${encodeURIComponent(videoId)}`;

/** A topic row id from ?id=, or null when it cannot be one (the page then shows the 404). */
export const topicIdOf = (raw: string): number | null => {
  const v = raw.trim();
  return /^[1-9]\d{0,14}$/.test(v) ? Number(v) : null;
};
