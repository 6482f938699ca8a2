"""The web table of the service: one page (``GET /``) and its script and style sheet
(``GET /static/NAME``), plain files shipped in the package's ``static`` folder.

The page plays the closed game and Pineapple open-face against the server's bots through
the ``/sessions`` endpoints, and sets hands through ``/solve``; every rule, score and solve
comes from those endpoints, the page only shows them. It loads nothing from another origin,
and its Content-Security-Policy says so to the browser as well.
"""

from pathlib import Path

from fastapi import APIRouter
from fastapi.responses import FileResponse, JSONResponse, Response

#: The folder of the page's files, inside the installed package.
STATIC = Path(__file__).resolve().parent / "static"

#: The files served under ``/static/``, each with its media type. Listed by name rather
#: than served from the folder, so that no request path can reach another file.
FILES = {
    "index.html": "text/html; charset=utf-8",
    "table.css": "text/css; charset=utf-8",
    "table.js": "text/javascript; charset=utf-8",
    "favicon.svg": "image/svg+xml",
}

#: What the page may load and where it may send requests: its own origin only. Inline
#: script and style are refused too, so an injected card name could not run as code.
CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; "
    "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)

#: The headers of every file of the page.
HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    # Revalidated on each load (cheap: an ETag), so a new version is never run stale.
    "Cache-Control": "no-cache",
}


def _file(name: str) -> FileResponse:
    """One of the page's files, with its media type and the page's headers."""
    return FileResponse(STATIC / name, media_type=FILES[name], headers=HEADERS)


def web_router() -> APIRouter:
    """The routes of the web table: ``GET /`` (the page) and ``GET /static/{name}`` (its
    files, `FILES`); left out of the OpenAPI description, which is about the JSON API."""
    router = APIRouter(include_in_schema=False)

    @router.api_route("/", methods=["GET", "HEAD"])
    def page() -> FileResponse:
        """The web table's page."""
        return _file("index.html")

    @router.api_route("/favicon.ico", methods=["GET", "HEAD"])
    def favicon() -> FileResponse:
        """The page's icon, where a browser asks for it without reading the page's link."""
        return _file("favicon.svg")

    @router.api_route("/static/{name}", methods=["GET", "HEAD"], response_model=None)
    def static(name: str) -> Response:
        """A file of the page; 404 for any name not in `FILES`."""
        if name not in FILES:
            return JSONResponse(
                {"error": "NotFound", "message": f"no file {name!r} here"}, status_code=404
            )
        return _file(name)

    return router
