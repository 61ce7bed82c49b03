import { collectionFileAnswer } from "@/lib/syndication/sitemap-answers";

export async function GET(request: Request, { params }: { params: Promise<{ file: string }> }) {
  return collectionFileAnswer(request, (await params).file);
}
