/** An answer in Enable Banking's error shape `{code, message, error?, detail?}`. */
export class FakeApiError extends Error {
  readonly body: Record<string, unknown>;

  constructor(
    readonly status: number,
    message: string,
    error?: string,
    detail?: unknown,
  ) {
    super(message);
    this.body = {
      code: status,
      message,
      ...(error === undefined ? {} : { error }),
      ...(detail === undefined ? {} : { detail }),
    };
  }
}

export function wrongParameters(message: string, detail: unknown = null): FakeApiError {
  return new FakeApiError(422, message, 'WRONG_REQUEST_PARAMETERS', detail);
}
