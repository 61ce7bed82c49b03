import { perkCalendarAnswer } from "@/lib/syndication/calendar-answers";

export async function GET(request: Request, { params }: { params: Promise<{ id: string; perkId: string }> }) {
  const { id, perkId } = await params;
  return perkCalendarAnswer(request, id, perkId);
}
