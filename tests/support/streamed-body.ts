/**
 * A body of `totalBytes` streamed in chunks of `chunkBytes` with no Content-Length, as a chunked
 * upload arrives; `progress.pulled` counts how much of it the server read before it stopped.
 */
export function streamedBody(totalBytes: number, chunkBytes: number) {
  const chunk = new TextEncoder().encode("x".repeat(chunkBytes));
  const progress = { pulled: 0 };
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (progress.pulled >= totalBytes) return controller.close();
      progress.pulled += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
  return { body, progress };
}
