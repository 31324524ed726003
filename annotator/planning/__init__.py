"""The lab lead's planning tools: who rates what (block designs), how far the ratings have
come against the plan (coverage), the top-up of what is missing, and how many ratings are
enough (power). Above ``analysis``, below ``reporting``; the plan itself, as the project
folder records it, is :mod:`annotator.project.plan`."""
