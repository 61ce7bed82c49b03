import "server-only";
import { collectionCalendarAnswer, perkCalendarAnswer } from "@/lib/syndication/calendar-answers";
import { categoryFeedAnswer, collectionFeedAnswer } from "@/lib/syndication/feed-answers";
import { robotsAnswer } from "@/lib/syndication/robots";
import { collectionFileAnswer, pagesFileAnswer, sitemapIndexAnswer } from "@/lib/syndication/sitemap-answers";

/**
 * The public pages' text answers (feeds, calendars, sitemaps, robots.txt): anonymous and cacheable
 * by a shared cache, so they pass no gate and spend no budget (lib/syndication decides each answer).
 */
type Context<P> = { params: Promise<P> };

export const collectionCalendarRoute = async (request: Request, { params }: Context<{ id: string }>) =>
  collectionCalendarAnswer(request, (await params).id);

export const perkCalendarRoute = async (request: Request, { params }: Context<{ id: string; perkId: string }>) => {
  const { id, perkId } = await params;
  return perkCalendarAnswer(request, id, perkId);
};

export const collectionFeedRoute = async (request: Request, { params }: Context<{ id: string }>) =>
  collectionFeedAnswer(request, (await params).id);

export const categoryFeedRoute = (request: Request) => categoryFeedAnswer(request);

export const robotsRoute = (request: Request) => robotsAnswer(request);

export const sitemapIndexRoute = (request: Request) => sitemapIndexAnswer(request);

export const sitemapFileRoute = async (request: Request, { params }: Context<{ file: string }>) =>
  collectionFileAnswer(request, (await params).file);

export const sitemapPagesRoute = (request: Request) => pagesFileAnswer(request);
