import { collectionFeedAnswer } from "@/lib/syndication/feed-answers";

export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }) {
  return collectionFeedAnswer(request, (await params).id);
}
