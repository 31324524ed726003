# Install the Windows installer silently, check and smoke-test what it installed, uninstall
# it silently and check that nothing of it is left. The installer workflow runs this on a
# fresh runner; on a laptop it installs and removes the app for the current user.
#
#   pwsh build_scripts\install_check_windows.ps1 -Installer dist\installer\CaptionRatingAnnotator-0.1.0-setup.exe
#
# Needs Python (for build_scripts\smoke_test.py, which runs the installed console command
# and the self-test of both programs, and appends its figures to $env:GITHUB_STEP_SUMMARY).
param(
    [Parameter(Mandatory = $true)][string]$Installer,
    [string]$Python = "python",
    [string]$Label = "Windows x64"
)
$ErrorActionPreference = "Stop"
Set-Location (Join-Path $PSScriptRoot "..")

$appName = "Caption Rating Annotator"
$app = Join-Path $env:LOCALAPPDATA "Programs\$appName"        # {autopf} of a per-user install
$menu = Join-Path $env:APPDATA "Microsoft\Windows\Start Menu\Programs\$appName"
$uninstallKey = "HKCU:\Software\Microsoft\Windows\CurrentVersion\Uninstall\{5E0C6F0B-6C2D-4B8E-9A47-3F1D2C7B9E41}_is1"
$classes = "HKCU:\Software\Classes"
$progId = "CaptionRatingAnnotator.Project"
$problems = [System.Collections.Generic.List[string]]::new()

function Expect([bool]$ok, [string]$what) {
    if ($ok) { Write-Host "[ok]   $what" } else { Write-Host "[FAIL] $what"; $problems.Add($what) }
}
function UserPath { (Get-ItemProperty -Path "HKCU:\Environment" -Name Path -ErrorAction SilentlyContinue).Path }
function OnUserPath { (UserPath) -and ((UserPath) -split ";" | Where-Object { $_.TrimEnd("\") -ieq $app }) }
function ValueOf([string]$key, [string]$name) {
    $item = Get-Item -Path $key -ErrorAction SilentlyContinue
    if ($item) { $item.GetValue($name) } else { $null }
}
function StopIfFailed([string]$stage) {
    if ($problems.Count) { throw "$stage`: $($problems.Count) problem(s): $($problems -join '; ')" }
}

Expect (-not (Test-Path $app)) "nothing installed before: $app does not exist"
$tomlProgram = ValueOf "$classes\.toml" ""
StopIfFailed "before installing"

# --- install, silently, for this user, with the console command on PATH -----------------
$log = Join-Path $env:TEMP "annotator-install.log"
$setup = Start-Process -FilePath $Installer -Wait -PassThru -ArgumentList @(
    "/VERYSILENT", "/SUPPRESSMSGBOXES", "/NORESTART", "/CURRENTUSER", "/TASKS=addtopath", "/LOG=`"$log`"")
Expect ($setup.ExitCode -eq 0) "the installer exited 0 (got $($setup.ExitCode); log: $log)"
Expect (Test-Path "$app\CaptionRatingAnnotator.exe") "the window program is installed"
Expect (Test-Path "$app\annotator.exe") "the console command is installed"
Expect (Test-Path "$app\_internal\resources\licenses\THIRD-PARTY-NOTICES.txt") "the third-party notices are installed"
$shell = New-Object -ComObject WScript.Shell
$tagger = Join-Path $menu "$appName.lnk"
$lead = Join-Path $menu "$appName (lab lead).lnk"
Expect (Test-Path $tagger) "Start menu: the tagger's window"
Expect ((Test-Path $lead) -and $shell.CreateShortcut($lead).Arguments -eq "lead") "Start menu: the lab lead's window (annotator lead)"
Expect (Test-Path (Join-Path $menu "Uninstall $appName.lnk")) "Start menu: the uninstaller"
Expect ((ValueOf "$classes\.crproject" "") -eq $progId) ".crproject files open with the app"
Expect ((ValueOf "$classes\$progId\shell\open\command" "") -like "*CaptionRatingAnnotator.exe`" open `"%1`"") "the open command passes the file to annotator open"
Expect ($null -ne (ValueOf "$classes\.toml\OpenWithProgids" $progId)) "project.toml: the app is under Open with"
Expect ((ValueOf "$classes\.toml" "") -eq $tomlProgram) "every other .toml file keeps its own program"
Expect (OnUserPath) "the install folder is on this user's PATH"
Expect (Test-Path $uninstallKey) "the app is listed in Settings → Apps"
StopIfFailed "after installing"

# --- the installed app: console command found on PATH, self-tests, figures -------------
$env:Path = "$(UserPath);$env:Path"   # as a new terminal would see it
$console = (Get-Command annotator -CommandType Application | Select-Object -First 1).Source
Expect ($console -ieq "$app\annotator.exe") "a terminal finds annotator at $console"
StopIfFailed "finding the console command"
$smoke = @("build_scripts\smoke_test.py", "--console", "annotator", "--gui", "$app\CaptionRatingAnnotator.exe",
    "--sample", "$app\_internal\sample_projects\vicr-demo", "--self-test", "--installed", $app,
    "--installer", $Installer, "--label", $Label)
if ($env:GITHUB_STEP_SUMMARY) { $smoke += @("--summary", $env:GITHUB_STEP_SUMMARY) }
& $Python @smoke
Expect ($LASTEXITCODE -eq 0) "the installed app passes its smoke test"
StopIfFailed "testing the installed app"

# --- uninstall, silently, and look for anything left ------------------------------------
$uninstaller = Get-ChildItem "$app\unins*.exe" | Select-Object -First 1 -ExpandProperty FullName
$removal = Start-Process -FilePath $uninstaller -Wait -PassThru -ArgumentList @("/VERYSILENT", "/SUPPRESSMSGBOXES", "/NORESTART")
Expect ($removal.ExitCode -eq 0) "the uninstaller exited 0 (got $($removal.ExitCode))"
# The uninstaller finishes from a copy of itself in %TEMP%: wait until it is done.
$deadline = (Get-Date).AddSeconds(120)
while (((Test-Path $app) -or (Test-Path $uninstallKey)) -and (Get-Date) -lt $deadline) { Start-Sleep -Seconds 1 }
Expect (-not (Test-Path $app)) "the install folder is gone"
Expect (-not (Test-Path $menu)) "the Start-menu entries are gone"
Expect (-not (Test-Path $uninstallKey)) "the entry in Settings → Apps is gone"
Expect (-not (Test-Path "$classes\.crproject")) "the .crproject association is gone"
Expect (-not (Test-Path "$classes\$progId")) "the project file type is gone"
Expect (-not (Test-Path "$classes\Applications\CaptionRatingAnnotator.exe")) "the Open with entry is gone"
Expect ($null -eq (ValueOf "$classes\.toml\OpenWithProgids" $progId)) "project.toml no longer offers the app"
Expect (-not (OnUserPath)) "the install folder is off this user's PATH"
foreach ($kept in @("$env:APPDATA\CaptionRatingAnnotator", "$env:LOCALAPPDATA\CaptionRatingAnnotator")) {
    if (Test-Path $kept) { Write-Host "kept by design (this user's settings and logs): $kept" }
}
StopIfFailed "after uninstalling"
Write-Host "Installed, tested and removed cleanly."
