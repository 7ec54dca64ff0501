"""The printable cut-and-fold template: the net at true scale with glue tabs, fold lines and
numbers, tiled over pages when it does not fit one, and an assembly page; also as an SVG with
separate cut and fold layers for cutting machines."""

from foldkit.paper.template.fit import TemplateFacts, net_geometry, template_facts
from foldkit.paper.template.geometry import NetGeometry, Seam, Tab
from foldkit.paper.template.layout import PagePlan, TemplateOptions, plan_pages
from foldkit.paper.template.pages import machine_page, template_document, template_pdf, template_svg
from foldkit.paper.template.paint import net_drawing

__all__ = ["NetGeometry", "PagePlan", "Seam", "Tab", "TemplateFacts", "TemplateOptions", "net_drawing", "net_geometry",
           "machine_page", "plan_pages", "template_document", "template_facts", "template_pdf", "template_svg"]
