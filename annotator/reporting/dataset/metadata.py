"""``datapackage.json`` (Frictionless Data Package) and ``croissant.json`` (MLCommons
Croissant): the dataset described for the machines that index and load datasets.

Both list every file with its size and SHA-256, every column with its type and meaning
(:mod:`annotator.reporting.dataset.fields`), and carry the app's version, the project's id
and the export's content hash (:func:`annotator.reporting.dataset.writer.content_hash`).

* Data Package v1 (https://specs.frictionlessdata.io/data-package/): each table a tabular
  data resource with its ``schema`` and primary key, the codebook plain resources; the extra
  keys ``app_version``, ``project_id`` and ``content_hash`` are allowed by the spec.
* Croissant 1.0 (https://docs.mlcommons.org/croissant/docs/croissant-spec.html): one
  ``cr:FileObject`` per file and one ``cr:RecordSet`` per table; the app's version is in
  ``rai:dataAnnotationPlatform``, the project id in ``identifier`` and the content hash in
  ``sha256`` (schema.org's hash of the content).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from annotator import __version__
from annotator.csvtext import PACKAGE_GUARD_KEY, PACKAGE_GUARD_NOTE
from annotator.project.image_copies import IMAGES_FOLDER
from annotator.reporting.dataset.fields import Field, FieldType
from annotator.reporting.dataset.images import METADATA_FILE, DatasetImage

APP = "Caption Rating Annotator"
CROISSANT_CONTEXT: dict[str, Any] = {
    "@language": "en",
    "@vocab": "https://schema.org/",
    "citeAs": "cr:citeAs",
    "column": "cr:column",
    "conformsTo": "dct:conformsTo",
    "cr": "http://mlcommons.org/croissant/",
    "rai": "http://mlcommons.org/croissant/RAI/",
    "data": {"@id": "cr:data", "@type": "@json"},
    "dataType": {"@id": "cr:dataType", "@type": "@vocab"},
    "dct": "http://purl.org/dc/terms/",
    "equivalentProperty": "cr:equivalentProperty",
    "examples": {"@id": "cr:examples", "@type": "@json"},
    "extract": "cr:extract",
    "field": "cr:field",
    "fileProperty": "cr:fileProperty",
    "fileObject": "cr:fileObject",
    "fileSet": "cr:fileSet",
    "format": "cr:format",
    "includes": "cr:includes",
    "isLiveDataset": "cr:isLiveDataset",
    "jsonPath": "cr:jsonPath",
    "key": "cr:key",
    "md5": "cr:md5",
    "parentField": "cr:parentField",
    "path": "cr:path",
    "recordSet": "cr:recordSet",
    "references": "cr:references",
    "regex": "cr:regex",
    "repeated": "cr:repeated",
    "replace": "cr:replace",
    "samplingRate": "cr:samplingRate",
    "sc": "https://schema.org/",
    "separator": "cr:separator",
    "source": "cr:source",
    "subField": "cr:subField",
    "transform": "cr:transform",
}
"""The standard context of Croissant 1.0, as its example datasets give it."""
_CROISSANT_TYPES: dict[FieldType, str] = {
    "string": "sc:Text", "integer": "sc:Integer", "number": "sc:Float",
    "boolean": "sc:Boolean", "datetime": "sc:DateTime"}
_IMAGE_FILES = "image-files"
"""The Croissant id of the images' file set (the record set of them is ``images``)."""
_MEDIA = {"csv": "text/csv", "jsonl": "application/jsonlines", "json": "application/json",
          "md": "text/markdown"}


@dataclass(frozen=True)
class DataFile:
    """One file of the dataset: its name, size and SHA-256; ``fields`` and ``key`` (the
    primary key) for a table, none for the codebook."""

    name: str
    description: str
    size: int
    sha256: str
    fields: tuple[Field, ...] = ()
    key: str = ""

    @property
    def stem(self) -> str:
        return self.name.rsplit(".", 1)[0]

    @property
    def format(self) -> str:
        return self.name.rsplit(".", 1)[1]


@dataclass(frozen=True)
class About:
    """What both metadata files say of the dataset as a whole."""

    title: str
    description: str
    licence: str
    citation: str
    project_id: str
    content_hash: str
    created: str
    keywords: tuple[str, ...]
    protocol: str
    annotations_per_item: str
    images: tuple[DatasetImage, ...] = ()
    """The images in the dataset (``export --images copy|link``)."""


def slug(text: str) -> str:
    """A Data Package name: lower case, digits, '-', '_' and '.' only."""
    return re.sub(r"[^a-z0-9._-]+", "-", text.lower()).strip("-") or "dataset"


def datapackage(about: About, files: tuple[DataFile, ...]) -> dict[str, Any]:
    """The Data Package descriptor."""
    package: dict[str, Any] = {
        "profile": "data-package",
        "name": slug(about.title),
        "title": about.title,
        "description": about.description,
        "created": about.created,
        "keywords": list(about.keywords),
    }
    if about.licence != "unknown":
        package["licenses"] = [{"name": about.licence}]
    package |= {"app_version": __version__, "project_id": about.project_id,
                "content_hash": about.content_hash,
                "resources": [*map(_resource, files), *map(_image_resource, about.images)]}
    return package


def _image_resource(image: DatasetImage) -> dict[str, Any]:
    return {"profile": "data-resource", "name": slug(image.path), "path": image.path,
            "format": image.path.rsplit(".", 1)[-1].lower(), "mediatype": image.mediatype,
            "bytes": image.size, "hash": f"sha256:{image.sha256}"}


def _resource(file: DataFile) -> dict[str, Any]:
    resource: dict[str, Any] = {
        "name": file.stem if file.fields else slug(file.name), "path": file.name,
        "description": file.description,
        "format": file.format, "mediatype": _MEDIA[file.format], "encoding": "utf-8",
        "bytes": file.size, "hash": f"sha256:{file.sha256}"}
    if not file.fields:
        return {"profile": "data-resource", **resource}
    schema: dict[str, Any] = {"fields": [_schema_field(f) for f in file.fields],
                              "missingValues": [""], "primaryKey": [file.key]}
    guard = {PACKAGE_GUARD_KEY: PACKAGE_GUARD_NOTE} if file.format == "csv" else {}
    return {"profile": "tabular-data-resource", **resource, **guard, "schema": schema}


def _schema_field(field: Field) -> dict[str, Any]:
    out: dict[str, Any] = {"name": field.name, "type": field.type,
                           "description": field.description}
    constraints: dict[str, Any] = {}
    if field.required:
        constraints["required"] = True
    if field.values:
        constraints["enum"] = list(field.values)
    if constraints:
        out["constraints"] = constraints
    return out


def croissant(about: About, files: tuple[DataFile, ...]) -> dict[str, Any]:
    """The Croissant JSON-LD document."""
    document: dict[str, Any] = {
        "@context": CROISSANT_CONTEXT,
        "@type": "sc:Dataset",
        "name": about.title,
        "description": about.description,
        "conformsTo": "http://mlcommons.org/croissant/1.0",
        "dateCreated": about.created,
        "keywords": list(about.keywords),
        "identifier": f"urn:uuid:{about.project_id}",
        "sha256": about.content_hash.removeprefix("sha256:"),
        "rai:dataAnnotationProtocol": about.protocol,
        "rai:dataAnnotationPlatform": f"{APP} {__version__}",
        "rai:annotationsPerItem": about.annotations_per_item,
    }
    if about.licence != "unknown":
        document["license"] = about.licence
    if about.citation:
        document["citeAs"] = about.citation
    document["distribution"] = [{
        "@type": "cr:FileObject", "@id": f.name, "name": f.name, "description": f.description,
        "contentUrl": f.name, "contentSize": f"{f.size} B", "encodingFormat": _MEDIA[f.format],
        "sha256": f.sha256} for f in files]
    document["recordSet"] = [_record_set(f) for f in files if f.fields]
    if about.images:
        document["distribution"].append(_image_set(about.images))
        document["recordSet"].append(_image_records())
    return document


def _image_set(images: tuple[DatasetImage, ...]) -> dict[str, Any]:
    """The images as one Croissant ``cr:FileSet`` (every file under ``images/`` but its
    tables)."""
    patterns = sorted({f"{image.path.rsplit('/', 1)[0]}/*.{image.path.rsplit('.', 1)[-1]}"
                       for image in images})  # mlcroissant's ** matches no flat file
    return {"@type": "cr:FileSet", "@id": _IMAGE_FILES, "name": _IMAGE_FILES,
            "description": f"The {len(images)} images rated, one file each.",
            "encodingFormat": sorted({image.mediatype for image in images})[0],
            "includes": patterns}


def _image_records() -> dict[str, Any]:
    """Each image with its path and content (``sc:ImageObject``), to join with ``items`` on
    ``image``."""
    def field(name: str, description: str, data_type: str, file_property: str
              ) -> dict[str, Any]:
        return {"@type": "cr:Field", "@id": f"{IMAGES_FOLDER}/{name}", "name": name,
                "description": description, "dataType": data_type,
                "source": {"fileSet": {"@id": _IMAGE_FILES},
                           "extract": {"fileProperty": file_property}}}

    return {"@type": "cr:RecordSet", "@id": IMAGES_FOLDER, "name": IMAGES_FOLDER,
            "description": f"The images; {METADATA_FILE} and items' image name each.",
            "field": [field("image", "The image rated.", "sc:ImageObject", "content"),
                      field("path", "Its path in the dataset (items' image).", "sc:Text",
                            "fullpath")]}


def _record_set(file: DataFile) -> dict[str, Any]:
    return {
        "@type": "cr:RecordSet", "@id": file.stem, "name": file.stem,
        "description": file.description, "key": {"@id": f"{file.stem}/{file.key}"},
        "field": [{
            "@type": "cr:Field", "@id": f"{file.stem}/{field.name}", "name": field.name,
            "description": field.description, "dataType": _CROISSANT_TYPES[field.type],
            "source": {"fileObject": {"@id": file.name}, "extract": {"column": field.name}},
        } for field in file.fields],
    }
