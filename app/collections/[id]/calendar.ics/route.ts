import { collectionCalendarAnswer } from "@/lib/syndication/calendar-answers";

export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }) {
  return collectionCalendarAnswer(request, (await params).id);
}
